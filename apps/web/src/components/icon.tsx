/**
 * Menu and button icons by the names menu rules store ('fa fa-user', 'el-icon-Grid',
 * 'local-logo'). The names come from the original's icon sets; each maps to an Ant Design
 * icon so the bundle carries only the icons in use. Unknown names fall back to the menu
 * default icon (a minus).
 */
import {
  AppstoreOutlined,
  BarsOutlined,
  CodeOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FolderOutlined,
  GiftOutlined,
  HomeOutlined,
  IdcardOutlined,
  MinusOutlined,
  MoneyCollectOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  TagOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType, CSSProperties } from 'react';
import { Logo } from './logo';

export const ICONS: Record<string, ComponentType<{ style?: CSSProperties }>> = {
  'fa fa-code': CodeOutlined,
  'fa fa-cogs': SettingOutlined,
  'fa fa-dashboard': DashboardOutlined,
  'fa fa-database': DatabaseOutlined,
  'fa fa-drivers-license': IdcardOutlined,
  'fa fa-expeditedssl': SafetyOutlined,
  'fa fa-file-text': FileTextOutlined,
  'fa fa-file-text-o': FileTextOutlined,
  'fa fa-cubes': AppstoreOutlined,
  'fa fa-folder': FolderOutlined,
  'fa fa-folder-o': FolderOutlined,
  'fa fa-list-alt': UnorderedListOutlined,
  'fa fa-shopping-bag': ShopOutlined,
  'fa fa-group': TeamOutlined,
  'fa fa-home': HomeOutlined,
  'fa fa-money': MoneyCollectOutlined,
  'fa fa-shield': SafetyCertificateOutlined,
  'fa fa-tag': TagOutlined,
  'fa fa-th-list': BarsOutlined,
  'fa fa-user': UserOutlined,
  'fa fa-user-circle': UserOutlined,
  'fa fa-user-circle-o': UserOutlined,
  'fa fa-minus': MinusOutlined,
  'el-icon-Discount': GiftOutlined,
  'el-icon-GoodsFilled': ShopOutlined,
  'el-icon-Grid': AppstoreOutlined,
  'el-icon-List': UnorderedListOutlined,
  'el-icon-Money': MoneyCollectOutlined,
  'el-icon-Tools': ToolOutlined,
  'el-icon-UserFilled': UserOutlined,
  'local-logo': Logo,
};

export function Icon({
  name,
  fallback = 'fa fa-minus',
  size,
}: {
  name: string;
  fallback?: string;
  size?: number;
}) {
  const Found = ICONS[name] ?? ICONS[fallback] ?? MinusOutlined;
  return <Found style={size ? { fontSize: size } : undefined} />;
}
