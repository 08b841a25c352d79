import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/** Drawer icons by the matrix's icon names (one import per icon keeps the bundle small). */
const ICONS: Record<string, SvgIconComponent> = {
  business: BusinessOutlined,
  description: DescriptionOutlined,
  schedule: ScheduleOutlined,
  request_quote: RequestQuoteOutlined,
  receipt: ReceiptLongOutlined,
  account_balance: AccountBalanceOutlined,
  folder: FolderOutlined,
  event: EventOutlined,
  settings: SettingsOutlined,
};

export function RouteIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || FolderOutlined;
  return <Icon />;
}
