import { Button, Stack, Text } from '@mantine/core';
import { FaArrowLeft } from 'react-icons/fa';
import { Link, useParams } from 'react-router';
import { MESSAGES } from '@kobo/core';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../lib/paths.ts';
import { settingsSubjectOf } from './settings-subjects.ts';
import { SUBJECT_SECTIONS } from './subject-sections.tsx';
import classes from './settings-pages.module.css';

/**
 * One subject of Settings (issue 34) at /settings/<slug>: its title, a way back to the index, and
 * its sections. An address no subject has says so here rather than sending the visitor elsewhere.
 */
export function SettingsSubjectPage() {
  const subject = settingsSubjectOf(useParams().subject);
  const Sections = subject ? SUBJECT_SECTIONS[subject.slug] : null;
  return (
    <div className={classes.subject}>
      <Button component={Link} to={paths.settings} variant="default" size="xs" leftSection={<FaArrowLeft aria-hidden />} mb="sm">
        Back to Settings
      </Button>
      <PageTitle>{subject?.title ?? 'Settings'}</PageTitle>
      <Stack gap="md">{Sections ? <Sections /> : <Text>{MESSAGES.notFound}</Text>}</Stack>
    </div>
  );
}
