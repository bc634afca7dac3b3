import type { IconType } from 'react-icons';
import { FaBook, FaChartPie, FaClipboardList, FaCog, FaUserCheck, FaFileAlt, FaHandHoldingUsd, FaPiggyBank, FaReceipt, FaUser, FaUsers, FaWallet } from 'react-icons/fa';
import { paths } from '../../../lib/paths.ts';

/** An icon for each path core's menu (navigationFor) can list; the labels come from core. */
export const NAV_ICONS: Record<string, IconType> = {
  [paths.dashboard]: FaChartPie,
  [paths.expenses.list]: FaReceipt,
  [paths.savings.list]: FaPiggyBank,
  [paths.staffSavings]: FaWallet,
  [paths.loans.list]: FaHandHoldingUsd,
  [paths.approvals]: FaUserCheck,
  [paths.reports]: FaFileAlt,
  [paths.books.reports]: FaBook,
  [paths.users]: FaUsers,
  [paths.audit.list]: FaClipboardList,
  [paths.profile]: FaUser,
  [paths.settings]: FaCog,
  [paths.userSettings]: FaCog,
};
