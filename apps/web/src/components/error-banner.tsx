import { Alert } from '@mantine/core';

/** The spec's error banner: red, announced at once. Renders nothing without a message. */
export function ErrorBanner({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" variant="light">
      {message}
    </Alert>
  );
}
