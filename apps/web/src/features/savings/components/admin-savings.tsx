import { Button, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { FaCalendarCheck, FaUserMinus, FaUserPlus } from 'react-icons/fa';
import { can, MESSAGES, type SavingsHolderListItem } from '@kobo/core';
import { PageTitle } from '../../../components/page-title.tsx';
import { SuccessBanner } from '../../../components/success-banner.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { paths } from '../../../lib/paths.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useSavingsHolders } from '../api/get-savings-holders.ts';
import { AddStaffModal } from './add-staff-modal.tsx';
import { NewTransactionForm } from './new-transaction-form.tsx';
import { ProductReports } from './product-reports.tsx';
import { StaffPicker } from './staff-picker.tsx';

/**
 * /savings for an admin: the staff picker, Add New Staff, the Monthly Run, and a New Transaction
 * form for anyone. The auditor (issue 27) gets the picker and the runs' history, nothing that posts.
 */
export function AdminSavings() {
  const canManage = can(useSession().data?.role, 'manage_staff_savings');
  const [isAddOpen, addModal] = useDisclosure(false);
  const flash = useFlashMessage();
  const everyone = useSavingsHolders();

  function handleCreated(staff: SavingsHolderListItem) {
    addModal.close();
    flash.show(`${MESSAGES.staffCreated} Staff ID: ${staff.staffId ?? '—'}`);
  }

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle>Staff Savings</PageTitle>
        <Group gap="sm">
          {/* Issue 11: the month's contributions for everyone at once. */}
          <Button component={Link} to={paths.savingsRuns} variant="light" leftSection={<FaCalendarCheck aria-hidden />}>
            Monthly Run
          </Button>
          {/* Issue 32: members leaving, their settlements and final statements. */}
          <Button component={Link} to={paths.exits.list} variant="light" leftSection={<FaUserMinus aria-hidden />}>
            Members leaving
          </Button>
          {canManage && (
            <Button leftSection={<FaUserPlus aria-hidden />} onClick={addModal.open}>
              Add New Staff
            </Button>
          )}
        </Group>
      </Group>
      <Stack gap="md">
        <SuccessBanner message={flash.message} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: canManage ? 7 : 12 }}>
            <Paper withBorder radius="md" p="md" component="section" aria-label="Select Staff Member">
              <Title order={2} size="h4" mb="sm">
                Select Staff Member
              </Title>
              <StaffPicker />
            </Paper>
          </Grid.Col>
          {canManage && (
            <Grid.Col span={{ base: 12, md: 5 }}>
              <NewTransactionForm staffOptions={everyone.data ?? []} />
            </Grid.Col>
          )}
        </Grid>
        {/* Issue 29: totals per savings product and the members below a share minimum. */}
        <ProductReports canManage={canManage} />
      </Stack>
      {canManage && <AddStaffModal opened={isAddOpen} onClose={addModal.close} onCreated={handleCreated} />}
    </>
  );
}
