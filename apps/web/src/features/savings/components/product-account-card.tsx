import { Badge, Group, Paper, Progress, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Progress.css';
import { dayLabel, formatNaira, SAVINGS_PRODUCT_KIND_LABELS, type MemberProductAccountView } from '@kobo/core';
import classes from '../../../components/figures.module.css';

/**
 * One savings product the member holds (issue 29): its balance and what of it may leave today,
 * and what its kind adds: a target product's next pay-out day, shares held against the minimum,
 * a fixed deposit's maturity.
 */
export function ProductAccountCard({ account }: { account: MemberProductAccountView }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={account.productName}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {account.productName}
        </Text>
        <Badge variant="light" style={{ flexShrink: 0 }}>
          {SAVINGS_PRODUCT_KIND_LABELS[account.kind]}
        </Badge>
      </Group>
      <Text fz={{ base: 24, sm: 28 }} fw={700} lh={1.2} mt={4} className={classes.figure}>
        {formatNaira(account.balanceKobo)}
      </Text>
      <Text size="sm" className={classes.figure}>
        Available <strong>{formatNaira(account.availableKobo)}</strong>
      </Text>
      <KindDetail account={account} />
    </Paper>
  );
}

function KindDetail({ account }: { account: MemberProductAccountView }) {
  if (account.kind === 'target' && account.nextPayoutOn) {
    return (
      <Text size="sm" c="dimmed" mt={4}>
        Pays out on {dayLabel(account.nextPayoutOn)}
      </Text>
    );
  }
  if (account.kind === 'fixed') {
    return (
      <Text size="sm" c="dimmed" mt={4}>
        {account.maturesOn ? `Matures on ${dayLabel(account.maturesOn)}` : 'No deposit open'}
      </Text>
    );
  }
  if (account.kind === 'shares') return <SharesHolding account={account} />;
  return null;
}

/** Shares against the minimum: a bar and the two figures ("₦24,500.00 of ₦25,000.00 minimum"). */
function SharesHolding({ account }: { account: MemberProductAccountView }) {
  const shares = account.sharesHeld === null ? null : `${account.sharesHeld.toLocaleString('en-NG')} ${account.sharesHeld === 1 ? 'share' : 'shares'}`;
  const minimum = account.minimumHoldingKobo;
  if (minimum === null || minimum === 0) {
    return shares ? (
      <Text size="sm" c="dimmed" mt={4}>
        {shares}
      </Text>
    ) : null;
  }
  // A percentage for the bar only, from the two integers, rounded once.
  const percent = Math.min(100, Math.floor((account.balanceKobo * 100) / minimum));
  const label = `${formatNaira(account.balanceKobo)} of ${formatNaira(minimum)} minimum`;
  return (
    <>
      <Progress value={percent} mt="xs" size="sm" color={percent >= 100 ? 'green' : 'blue'} aria-label={label} />
      <Text size="sm" mt={4} className={classes.figure}>
        {label}
        {shares ? ` · ${shares}` : ''}
      </Text>
    </>
  );
}
