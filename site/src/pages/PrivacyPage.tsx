import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ExternalLink } from '@/components/ExternalLink';
import { PageHeading } from '@/components/PageHeading';
import { RichText } from '@/components/RichText';
import { paths } from '@/config/paths';
import { analyticsSetting, providerNames, type AnalyticsSetting } from '@/lib/analytics-config';
import { site } from '@/lib/content';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 5 }}>
      <Typography id={id} variant="h3" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const P = ({ children }: { children: ReactNode }) => (
  <Typography variant="body1" sx={{ mb: 2, maxWidth: '68ch' }}>
    {children}
  </Typography>
);

/** What each provider collects, and for how long by its own default (site.yaml's privacy.retention says otherwise). */
const providers = {
  ga4: {
    policy: 'https://policies.google.com/privacy',
    collects:
      'the page, the page you came from, your browser, device and approximate location (from your IP address), in cookies named _ga that tell your later visits apart',
    retention: 'Google Analytics keeps this data for 2 months, or up to 14 months if the site owner has set it so.',
  },
  plausible: {
    policy: 'https://plausible.io/data-policy',
    collects: 'the page, the page you came from, your browser, operating system, device type and country; it sets no cookies and keeps no IP address',
    retention: 'Plausible keeps these counts for as long as the site has its account there.',
  },
  umami: {
    policy: 'https://umami.is/privacy',
    collects:
      'the page, its title, the page you came from, your browser, operating system, screen size, language and country; it sets no cookies and keeps no IP address',
    retention: 'Umami keeps these counts for as long as the site has its account there.',
  },
  goatcounter: {
    policy: 'https://www.goatcounter.com/help/privacy',
    collects: 'the page, its title, the page you came from, your browser, screen size and country; it sets no cookies and keeps no IP address',
    retention: 'GoatCounter keeps these counts for as long as the site has its account there.',
  },
} as const;

function Visits({ a }: { a: AnalyticsSetting | undefined }) {
  if (!a) return <P>This site does not count visits: no analytics service is used, and no cookies are set.</P>;
  const p = providers[a.provider];
  const name = providerNames[a.provider];
  return (
    <>
      <P>
        Each page you open is counted once by {name}
        {a.provider === 'ga4' && a.consent ? ', only if you accept in the “Privacy choices” bar' : ''}. It receives {p.collects}.{' '}
        <ExternalLink href={p.policy} underline="always">
          {name}’s privacy policy
        </ExternalLink>{' '}
        says what it does with them.
      </P>
      {a.provider === 'ga4' && a.consent && (
        <P>
          Your choice is kept in your browser (local storage), not in a cookie. Change it at any time with “Privacy settings” at the bottom of every page; if
          you reject after accepting, the _ga cookies are deleted. Without JavaScript nothing is counted.
        </P>
      )}
      <P>{site.privacy?.retention ?? p.retention}</P>
    </>
  );
}

/**
 * /privacy: what the site collects and whom to ask, written from site.yaml
 * (the analytics setting, the contact form), unless site.yaml's
 * privacy.text replaces it (docs/site.md §2).
 */
export function PrivacyPage() {
  const ask = site.privacy?.contact;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <PageHeading sx={{ fontSize: 'clamp(2rem, 6vw, 3rem)', mb: 3 }}>Privacy</PageHeading>
      {site.privacy?.text ? (
        <RichText text={site.privacy.text} />
      ) : (
        <>
          <Section id="privacy-visits" title="Visits">
            <Visits a={analyticsSetting()} />
          </Section>
          <Section id="privacy-messages" title="Messages">
            <P>
              The{' '}
              <Link component={RouterLink} to={paths.contact} underline="always">
                contact form
              </Link>{' '}
              sends your name, your email address and your message to {site.name}, through the form service of the site’s host (Netlify Forms), which keeps them
              until {site.name} deletes them. They are used only to answer you.
            </P>
          </Section>
          <Section id="privacy-questions" title="Questions">
            <P>
              To ask what is kept about you, or to have it deleted, write to {site.name}{' '}
              {ask ? (
                <>
                  at{' '}
                  <Link href={`mailto:${ask}`} underline="always">
                    {ask}
                  </Link>
                </>
              ) : (
                <>
                  through the{' '}
                  <Link component={RouterLink} to={paths.contact} underline="always">
                    contact form
                  </Link>
                </>
              )}
              .
            </P>
          </Section>
        </>
      )}
    </Container>
  );
}
