import { Loader, type LoaderProps } from '@mantine/core';
import { MESSAGES } from '@kobo/core';

/**
 * Mantine's spinner, named for assistive technology as a progressbar without a value: work under
 * way, its end unknown. Mantine draws the spinner as a plain span, which may not carry an
 * aria-label by itself (axe's aria-prohibited-attr, a serious violation); the role is what lets
 * it be named. A spinner beside a text that says the same is `<Loader aria-hidden />` instead.
 */
export function BusyIndicator({ label = MESSAGES.loading, size }: { label?: string; size?: LoaderProps['size'] }) {
  return <Loader size={size} role="progressbar" aria-label={label} />;
}
