import type { ReactNode } from 'react';
import { Anchor, Divider, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PublicFrame } from '../../components/public-frame';

const UPDATED = 'November 21, 2026';
const CONTACT = 'privacy@cutroom.app';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Spec 002 §2: a video-editing and YouTube agency that reads channel analytics with read-only access. */
export function PrivacyPolicyPage() {
  return (
    <PublicFrame wide title="Privacy Policy" subtitle={`Last updated ${UPDATED}`}>
      <Stack gap="xl" fz="sm" lh={1.65}>
        <Text>
          Cutroom is a video-editing and YouTube growth agency. Through this portal our customers order edited videos,
          thumbnails and channel assets, follow the work as it moves from request to delivery, and talk to the editors,
          quality checkers and YouTube specialists who make it. This policy explains what information we collect when
          you use the portal, why we need it, who can see it and the choices you have.
        </Text>

        <Section title="1. Information we collect">
          <List spacing={6}>
            <List.Item>
              <b>Account details</b>: your name, email address, password (stored only as a one-way hash), time zone,
              profile picture and how you heard about us.
            </List.Item>
            <List.Item>
              <b>Project material</b>: the request details you enter, links to your footage (for example Google Drive or
              Dropbox folders), voice notes, reference files, brand preferences, and the edited videos and thumbnails we
              deliver.
            </List.Item>
            <List.Item>
              <b>Conversations</b>: comments on videos, support messages, ratings and feedback.
            </List.Item>
            <List.Item>
              <b>Billing information</b>: your plan and billing dates. Card payments are handled by our payment
              provider; we never see or store full card numbers.
            </List.Item>
            <List.Item>
              <b>Usage and device data</b>: log-in times, pages visited inside the portal, your browser type and IP
              address, kept to keep the service secure and working.
            </List.Item>
          </List>
        </Section>

        <Section title="2. YouTube channel analytics">
          <Text>
            If you choose to connect your YouTube channel, you sign in with Google and grant Cutroom <b>read-only</b>{' '}
            access to your channel&apos;s YouTube Analytics. We request only the read-only analytics scope. With it we
            read aggregate figures such as views, subscribers gained and lost, estimated minutes watched, average view
            duration and average percentage viewed, for periods such as the last 7 days, 30 days or 6 months.
          </Text>
          <List spacing={6}>
            <List.Item>
              We use these figures only to show you and the team working on your channel how your videos perform, and to
              plan better edits, titles and thumbnails.
            </List.Item>
            <List.Item>
              We cannot upload, edit or delete videos, read private messages, manage comments or change any setting of
              your channel.
            </List.Item>
            <List.Item>
              We never sell this data, use it for advertising, or share it with anyone outside the team serving your
              account.
            </List.Item>
            <List.Item>
              You can disconnect at any time from the YT Analytics Data tab of your profile, which deletes the stored
              access tokens, or revoke Cutroom&apos;s access in your Google Account&apos;s security settings.
            </List.Item>
          </List>
          <Text>
            Cutroom&apos;s use of information received from Google APIs adheres to the{' '}
            <Anchor
              href="https://developers.google.com/terms/api-services-user-data-policy"
              target="_blank"
              rel="noreferrer"
            >
              Google API Services User Data Policy
            </Anchor>
            , including the Limited Use requirements. Our use of YouTube data is also subject to the{' '}
            <Anchor href="https://www.youtube.com/t/terms" target="_blank" rel="noreferrer">
              YouTube Terms of Service
            </Anchor>{' '}
            and the{' '}
            <Anchor href="https://policies.google.com/privacy" target="_blank" rel="noreferrer">
              Google Privacy Policy
            </Anchor>
            .
          </Text>
        </Section>

        <Section title="3. How we use your information">
          <List spacing={6}>
            <List.Item>To create your account, verify your email address and let you log in securely.</List.Item>
            <List.Item>To edit, review and deliver the videos and assets you request.</List.Item>
            <List.Item>
              To send you service emails: verification, password resets, and updates about your cards.
            </List.Item>
            <List.Item>To answer support requests and improve our work from your ratings and feedback.</List.Item>
            <List.Item>To manage your plan and request limits, and to prevent abuse of the portal.</List.Item>
          </List>
        </Section>

        <Section title="4. Who can see it">
          <Text>
            Inside Cutroom, your information is visible only to the people working on your account: your assigned
            editors, quality checkers, team leads, YouTube helpers and administrators. We share data with service
            providers that host the portal, store files and send email for us, under contracts that forbid any other
            use. We disclose information when the law requires it. We do not sell personal information.
          </Text>
        </Section>

        <Section title="5. Cookies and local storage">
          <Text>
            We use a single essential cookie to keep you logged in; it cannot be read by scripts and is not used for
            tracking. Your browser&apos;s local storage keeps display preferences such as the board or list view and
            your filters; logging out clears them. We use no advertising or third-party tracking cookies.
          </Text>
        </Section>

        <Section title="6. How long we keep it">
          <Text>
            We keep your account and project history while your account is active so you can revisit past work. When you
            close your account we delete or anonymise your personal data within 90 days, except where we must keep
            records for legal or accounting reasons. Analytics tokens are deleted as soon as you disconnect your
            channel.
          </Text>
        </Section>

        <Section title="7. Security">
          <Text>
            Connections to the portal are encrypted, passwords are hashed with a modern algorithm, sessions expire and
            are revoked when you log out or change your password, and staff access is limited by role. No system is
            perfectly secure, so please use a password you don&apos;t use elsewhere and tell us at once if you suspect
            misuse of your account.
          </Text>
        </Section>

        <Section title="8. Your rights">
          <Text>
            You can see and update your details on your profile page at any time. You may also ask us for a copy of your
            data, to correct or delete it, or to object to or restrict how we use it. Where the law gives you these
            rights (for example under the GDPR or the CCPA), we will answer within 30 days. You may also complain to
            your local data protection authority.
          </Text>
        </Section>

        <Section title="9. Children">
          <Text>
            The portal is meant for businesses and creators aged 18 or older. We do not knowingly collect data from
            children.
          </Text>
        </Section>

        <Section title="10. Changes to this policy">
          <Text>
            When we change this policy we will update the date above and, for significant changes, tell you by email or
            in the portal before they take effect.
          </Text>
        </Section>

        <Section title="11. Contact us">
          <Text>
            Questions or requests about your privacy: write to <Anchor href={`mailto:${CONTACT}`}>{CONTACT}</Anchor> or
            message us through Support in the portal.
          </Text>
        </Section>

        <Divider />
        <Text c="dimmed">
          <Anchor component={Link} to="/login">
            Back to Cutroom
          </Anchor>
        </Text>
      </Stack>
    </PublicFrame>
  );
}
