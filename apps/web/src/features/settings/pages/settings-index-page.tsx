import { NavLink } from '@mantine/core';
import '@mantine/core/styles/NavLink.css';
import { FaChevronRight } from 'react-icons/fa';
import { Link, Navigate, useLocation } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../lib/paths.ts';
import { SETTINGS_SUBJECTS, settingsSubjectOfAnchor } from './settings-subjects.ts';
import classes from './settings-pages.module.css';

/**
 * Settings (SPEC 2, issue 34): a list of subjects, each a link to its own page with a line on what
 * it holds. The one page it replaces was 5,600 px tall on a phone. A link from before, to an anchor
 * of that page (/settings#backups), goes on to the subject that now holds the section.
 */
export function SettingsIndexPage() {
  const { hash } = useLocation();
  const anchored = settingsSubjectOfAnchor(hash);
  if (anchored) return <Navigate to={paths.settingsSubject(anchored.slug)} replace />;
  return (
    <>
      <PageTitle>Settings</PageTitle>
      <nav aria-label="Settings subjects" className={classes.index}>
        <ul className={classes.list}>
          {SETTINGS_SUBJECTS.map((subject) => (
            <li key={subject.slug}>
              <NavLink
                component={Link}
                to={paths.settingsSubject(subject.slug)}
                label={subject.title}
                description={subject.description}
                rightSection={<FaChevronRight aria-hidden />}
                classNames={{ label: classes.label, description: classes.description }}
              />
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
