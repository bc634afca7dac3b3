import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { FaCopy } from 'react-icons/fa';
import type { MailNotice } from '@kobo/core';

/**
 * A mail a person depends on was not sent: no mail server is set (issue 26,
 * docs/decisions/037-mail-without-a-server.md). Says so, in the answer's own words, and shows each
 * link the mail held with a copy button, for whoever acted to hand over themselves. It stays until
 * they close it or act again: a link that vanished after a few seconds could not be handed over.
 */
export function KeptMailNotice({ message, mail, onClose }: { message: string; mail: MailNotice | null | undefined; onClose: () => void }) {
  if (!mail || mail.delivery !== 'kept') return null;
  return (
    <Alert color="yellow" variant="light" role="status" title="Not sent" withCloseButton closeButtonLabel="Close" onClose={onClose}>
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        {mail.links.map((handOver) => (
          <Stack key={`${handOver.email} ${handOver.link}`} gap={4}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {handOver.name} ({handOver.email})
            </Text>
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {handOver.link}
            </Code>
            <Group>
              <CopyButton value={handOver.link}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" color="yellow" leftSection={<FaCopy aria-hidden />} onClick={copy} aria-label={`${copied ? 'Copied' : 'Copy'} link for ${handOver.name}`}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
