import { Alert } from '@mantine/core';
import { FaHourglassHalf } from 'react-icons/fa';

/**
 * Issue 15: a posting that became a request. It stays until the person closes it or posts again
 * (unlike a success message, which clears itself): nothing has moved yet, and they should know it.
 */
export function RequestSentNotice({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (!message) return null;
  return (
    <Alert color="yellow" variant="light" role="status" icon={<FaHourglassHalf aria-hidden />} withCloseButton closeButtonLabel="Dismiss" onClose={onClose}>
      {message}
    </Alert>
  );
}
