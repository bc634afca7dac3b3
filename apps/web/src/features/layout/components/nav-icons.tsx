import type { IconType } from 'react-icons';
import { FaChartPie, FaCog, FaFileAlt, FaPiggyBank, FaReceipt, FaUser, FaUsers, FaWallet } from 'react-icons/fa';

/** An icon for each path navigationFor (core) can list; the labels come from core. */
export const NAV_ICONS: Record<string, IconType> = {
  '/dashboard': FaChartPie,
  '/expenses': FaReceipt,
  '/savings': FaPiggyBank,
  '/staff-savings': FaWallet,
  '/reports': FaFileAlt,
  '/users': FaUsers,
  '/profile': FaUser,
  '/settings': FaCog,
  '/user-settings': FaCog,
};
