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
import { allProjects, isPrivate, site } from '@/lib/content';
import { useMessages } from '@/i18n/react';
import { useLocalize } from '@/lib/languages';

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

/** Each provider's privacy policy; what it collects and keeps is the catalogue's `providers`. */
const policies = {
  ga4: 'https://policies.google.com/privacy',
  plausible: 'https://plausible.io/data-policy',
  umami: 'https://umami.is/privacy',
  goatcounter: 'https://www.goatcounter.com/help/privacy',
} as const;

function Visits({ a }: { a: AnalyticsSetting | undefined }) {
  const m = useMessages();
  const t = m.site.privacy;
  if (!a) return <P>{t.noAnalytics}</P>;
  const p = m.providers[a.provider];
  const name = providerNames[a.provider];
  const consent = a.provider === 'ga4' && a.consent === true;
  return (
    <>
      <P>
        {t.counted(
          name,
          consent,
          p.collects,
          <ExternalLink href={policies[a.provider]} underline="always">
            {t.policy(name)}
          </ExternalLink>,
        )}
      </P>
      {consent && <P>{t.choice}</P>}
      <P>{site.privacy?.retention ?? p.retention}</P>
    </>
  );
}

/**
 * /privacy: what the site collects and whom to ask, written from site.yaml
 * (the analytics setting, the contact form, and what a client gallery
 * keeps when the site has a private project), unless site.yaml's
 * privacy.text replaces it (docs/site.md §2).
 */
export function PrivacyPage() {
  const ask = site.privacy?.contact;
  const t = useMessages().site.privacy;
  const loc = useLocalize();
  const form = (
    <Link component={RouterLink} to={loc(paths.contact)} underline="always">
      {t.form}
    </Link>
  );
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <PageHeading sx={{ fontSize: 'clamp(2rem, 6vw, 3rem)', mb: 3 }}>{t.title}</PageHeading>
      {site.privacy?.text ? (
        <RichText text={site.privacy.text} />
      ) : (
        <>
          <Section id="privacy-visits" title={t.visits}>
            <Visits a={analyticsSetting()} />
          </Section>
          <Section id="privacy-messages" title={t.messages}>
            <P>{t.messagesText(form, site.name)}</P>
          </Section>
          {allProjects().some(isPrivate) && (
            <Section id="privacy-galleries" title={t.galleries}>
              <P>{t.galleriesAccess(site.name)}</P>
              <P>{t.galleriesFavourites(site.name)}</P>
              <P>{t.galleriesActivity(site.name)}</P>
            </Section>
          )}
          <Section id="privacy-questions" title={t.questions}>
            <P>
              {t.ask(
                site.name,
                ask
                  ? t.at(
                      <Link href={`mailto:${ask}`} underline="always">
                        {ask}
                      </Link>,
                    )
                  : t.through(form),
              )}
            </P>
          </Section>
        </>
      )}
    </Container>
  );
}
