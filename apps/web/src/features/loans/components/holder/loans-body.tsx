import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import { GuaranteeRequestCard } from './guarantee-request-card.tsx';
import { GuaranteedLoans } from './guaranteed-loans.tsx';
import type { SortedLoans } from './holder-loans-section.tsx';
import { MyLoanCard } from './my-loan-card.tsx';

/** A holder's guarantee requests, own loans and the loans they guarantee (issue 12), once they have any. */
export function LoansBody({ sorted, onMessage }: { sorted: SortedLoans; onMessage: (message: string) => void }) {
  const { own, asked, guaranteed } = sorted;
  return (
    <Stack gap="md">
      {asked.length > 0 && (
        <Subsection title="Guarantee requests">
          {asked.map(({ loan, myShareKobo }) => (
            <GuaranteeRequestCard key={loan.id} loan={loan} myShareKobo={myShareKobo} onAnswered={onMessage} />
          ))}
        </Subsection>
      )}
      {own.length > 0 && (
        <Subsection title="Loans you applied for">
          {own.map((loan) => (
            <MyLoanCard key={loan.id} loan={loan} />
          ))}
        </Subsection>
      )}
      {guaranteed.length > 0 && (
        <Subsection title="Loans you guarantee">
          <GuaranteedLoans guaranteed={guaranteed} />
        </Subsection>
      )}
    </Stack>
  );
}

function Subsection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
