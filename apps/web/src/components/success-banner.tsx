import { Alert } from '@mantine/core';

/** A success message: green, announced politely. */
export function SuccessBanner({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="green" role="status" variant="light">
      {message}
    </Alert>
  );
}
