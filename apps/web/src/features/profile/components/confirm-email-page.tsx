import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Center, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { paths } from '../../../lib/paths.ts';
import { useConfirmEmail } from '../api/confirm-email.ts';

/**
 * /confirm-email?token=… (issue 15), the page the change-email mail links to. Opening the link is
 * a GET and writes nothing; this page then posts the token once, shows progress, and says what
 * became of it. Signed in or not: the link is the proof.
 */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmEmail();
  const isSignedIn = Boolean(useSession().data);
  // Once per page: React's development double-run of effects must not spend the token twice.
  const sent = useRef(false);
  const { mutate } = confirm;

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const next = isSignedIn
    ? { to: paths.profile, label: 'Go to your profile' }
    : { to: paths.login, label: 'Sign in' };
  const failure = token ? confirm.error && errorMessage(confirm.error, MESSAGES.confirmEmailFailed) : MESSAGES.emailChangeLinkInvalid;

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }} w="100%" maw={420}>
        <Stack gap="md">
          <Stack gap={0} align="center">
            <Image src="/logo.svg" alt="Kobo" w={70} h={70} mb="sm" />
            <PageTitle>Confirm Email</PageTitle>
          </Stack>
          {confirm.isPending && (
            <Group gap="sm" wrap="nowrap" role="status">
              <Loader size="sm" aria-hidden />
              <Text>{MESSAGES.confirmingEmail}</Text>
            </Group>
          )}
          <SuccessBanner message={confirm.data?.message} />
          <ErrorBanner message={failure} />
          {(confirm.isSuccess || failure) && (
            <Button component={Link} to={next.to} fullWidth>
              {next.label}
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
