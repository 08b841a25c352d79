import type { PersonOption, EventCategoryOption } from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useTranslation } from 'react-i18next';
import { PickersProvider } from '../../components/ui/fields/pickers-provider.tsx';
import { Swatch } from './event-preview.tsx';
import { localized } from '../../lib/labels.ts';
import type { CalendarView } from './full-calendar.tsx';

export interface CalendarToolbarProps {
  title: string;
  view: CalendarView;
  /** The shown month, as a local Date on its first day (the month picker's value). */
  month: Date | null;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onMonth: (year: number, month: number) => void;
  onView: (view: CalendarView) => void;
  onAdd: () => void;
}

/** Previous / next / today, the month picker, the range title, month-week-day and the add button. */
export function CalendarToolbar({
  title,
  view,
  month,
  onPrev,
  onNext,
  onToday,
  onMonth,
  onView,
  onAdd,
}: CalendarToolbarProps) {
  const { t } = useTranslation('calendar');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Tooltip title={t('toolbar.previous')}>
          <IconButton onClick={onPrev} aria-label={t('toolbar.previous')}>
            <ChevronLeft />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('toolbar.next')}>
          <IconButton onClick={onNext} aria-label={t('toolbar.next')}>
            <ChevronRight />
          </IconButton>
        </Tooltip>
        <Button variant="outlined" size="small" onClick={onToday}>
          {t('toolbar.today')}
        </Button>
      </Box>
      <PickersProvider>
        <DatePicker
          label={t('toolbar.month')}
          views={['year', 'month']}
          openTo="month"
          format="MM.yyyy"
          value={month}
          onAccept={(date) => {
            if (date && !Number.isNaN(date.getTime())) onMonth(date.getFullYear(), date.getMonth() + 1);
          }}
          slotProps={{ textField: { size: 'small', fullWidth: false, sx: { width: 150 } } }}
        />
      </PickersProvider>
      <Typography
        component="h2"
        variant="h6"
        aria-live="polite"
        sx={{ flex: '1 1 200px', minWidth: 0, px: 1 }}
        data-testid="calendar-title"
      >
        {title.charAt(0).toLocaleUpperCase() + title.slice(1)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, ml: 'auto' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_event, next: CalendarView | null) => next && onView(next)}
          aria-label={t('toolbar.view')}
        >
          <ToggleButton value="dayGridMonth">{t('toolbar.month_view')}</ToggleButton>
          <ToggleButton value="timeGridWeek">{t('toolbar.week_view')}</ToggleButton>
          <ToggleButton value="timeGridDay">{t('toolbar.day_view')}</ToggleButton>
        </ToggleButtonGroup>
        <Button variant="contained" startIcon={<Add />} onClick={onAdd}>
          {t('toolbar.add')}
        </Button>
      </Box>
    </Box>
  );
}

export interface CalendarFiltersProps {
  categories: EventCategoryOption[];
  selected: string[];
  onCategories: (ids: string[]) => void;
  /** Management only: the employee filter. */
  people?: PersonOption[];
  employee: string;
  onEmployee: (id: string) => void;
}

/** The category filter (colour swatches; none chosen shows every category) and, for management, the employee filter. */
export function CalendarFilters({
  categories,
  selected,
  onCategories,
  people,
  employee,
  onEmployee,
}: CalendarFiltersProps) {
  const { t, i18n } = useTranslation('calendar');
  const toggle = (id: string) =>
    onCategories(selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id]);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
      <Box
        role="group"
        aria-label={t('filters.categories')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, flex: '1 1 320px' }}
      >
        {categories.map((category) => {
          const on = selected.includes(category._id);
          return (
            <Chip
              key={category._id}
              icon={<Swatch color={category.color} />}
              label={localized(category.name, i18n.language)}
              variant={on ? 'filled' : 'outlined'}
              color={on ? 'primary' : 'default'}
              onClick={() => toggle(category._id)}
              aria-pressed={on}
              sx={{ '& .MuiChip-icon': { ml: 1 } }}
            />
          );
        })}
        {selected.length > 0 && (
          <Chip
            label={t('filters.all_categories')}
            variant="outlined"
            onClick={() => onCategories([])}
            onDelete={() => onCategories([])}
          />
        )}
      </Box>
      {people && (
        <TextField
          select
          label={t('filters.employee')}
          value={employee}
          onChange={(event) => onEmployee(event.target.value)}
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 260 } }}
        >
          <MenuItem value="">
            <em>{t('filters.all_employees')}</em>
          </MenuItem>
          {people.map((person) => (
            <MenuItem key={person._id} value={person._id}>
              {localized(person.fullName, i18n.language)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
