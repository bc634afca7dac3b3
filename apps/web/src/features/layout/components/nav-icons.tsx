import type { IconType } from 'react-icons';
import { FaChartPie, FaClipboardList, FaCog, FaFileAlt, FaPiggyBank, FaReceipt, FaUser, FaUsers, FaWallet } from 'react-icons/fa';

/** An icon for each path navigationFor (core) can list; the labels come from core. */
export const NAV_ICONS: Record<string, IconType> = {
  '/dashboard': FaChartPie,
  '/expenses': FaReceipt,
  '/savings': FaPiggyBank,
  '/staff-savings': FaWallet,
  '/reports': FaFileAlt,
  '/users': FaUsers,
  '/audit': FaClipboardList,
  '/profile': FaUser,
  '/settings': FaCog,
  '/user-settings': FaCog,
};
