import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { Inline, RichText as RichTextData } from '@/generated/content';
import { ExternalLink } from '@/components/ExternalLink';
import { useLocalize } from '@/lib/languages';

/** Inline text as elements (never as HTML). */
function Inlines({ items }: { items: readonly Inline[] }) {
  const loc = useLocalize();
  return items.map((item, i) => {
    if (typeof item === 'string') return item;
    switch (item.kind) {
      case 'em':
        return (
          <em key={i}>
            <Inlines items={item.children} />
          </em>
        );
      case 'strong':
        return (
          <strong key={i}>
            <Inlines items={item.children} />
          </strong>
        );
      case 'code':
        return (
          <Box key={i} component="code" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.9em' }}>
            {item.text}
          </Box>
        );
      case 'link':
        return item.href.startsWith('/') ? (
          <Link key={i} component={RouterLink} to={loc(item.href)}>
            <Inlines items={item.children} />
          </Link>
        ) : (
          <ExternalLink key={i} href={item.href}>
            <Inlines items={item.children} />
          </ExternalLink>
        );
    }
  });
}

/** Text in the content's Markdown subset: paragraphs and lists, at reading measure. */
export function RichText({ text }: { text: RichTextData }) {
  return text.map((block, i) =>
    block.kind === 'paragraph' ? (
      <Typography key={i} variant="body1" sx={{ mb: 2, maxWidth: '68ch', '&:last-child': { mb: 0 } }}>
        <Inlines items={block.children} />
      </Typography>
    ) : (
      <Box key={i} component={block.ordered ? 'ol' : 'ul'} sx={{ typography: 'body1', pl: 3, mt: 0, mb: 2, maxWidth: '68ch', '& li + li': { mt: 0.75 } }}>
        {block.items.map((item, j) => (
          <li key={j}>
            <Inlines items={item} />
          </li>
        ))}
      </Box>
    ),
  );
}
