import GitHubIcon from '@mui/icons-material/GitHub';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import ForumIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { ReactElement } from 'react';
import { socialLinks, type SocialLink } from '@/lib/content';
import { useMessages } from '@/i18n/react';

const icons: Record<SocialLink['kind'], ReactElement> = {
  professionalNetwork: <LinkedInIcon />,
  codeHosting: <GitHubIcon />,
  microblog: <ForumIcon />,
  photoSharing: <InstagramIcon />,
};

/**
 * The owner's profiles as icon links, each opening in a new tab: the ones
 * site.yaml gives, nothing at all when it gives none.
 */
export function SocialLinks({ size = 'medium', links = socialLinks() }: { size?: 'small' | 'medium' | 'large'; links?: readonly SocialLink[] }) {
  const t = useMessages().site;
  if (links.length === 0) return null;
  return (
    <Stack component="ul" direction="row" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {links.map((link) => (
        <li key={link.kind}>
          <IconButton
            component="a"
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t.social(link.label)}
            size={size}
            sx={{ color: 'text.secondary', '&:hover': { color: 'primary.main' } }}
          >
            {icons[link.kind]}
          </IconButton>
        </li>
      ))}
    </Stack>
  );
}
