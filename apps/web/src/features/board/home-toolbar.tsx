import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Select, Skeleton, Stack, Tooltip } from '@mantine/core';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import {
  IconAdjustmentsHorizontal,
  IconFilterOff,
  IconLayoutKanban,
  IconLayoutList,
  IconPlus,
} from '@tabler/icons-react';
import { MSG, REQUEST_ROLES, VIEW_AS_ROLES, requestUsageText, type Role } from '@cutroom/domain';
import { ReloadButton } from '../../components/reload-button';
import { TooltipOnDemand } from '../../components/tooltip-on-demand';
import { usePhoneLayout } from '../../lib/phone-layout';
import { Segmented } from '../../components/segmented';
import { boardKeys, type BoardSummary } from './api';
import type { ShowFlag } from './columns';
import { HydrationSlice } from '../../components/hydration-slice';
import { SearchField } from './search-field';
import type { HomeFilters, HomeView } from './use-home-filters';
import { ViewAsSelect } from './view-as-select';
import { DateRangeFilter } from './date-range-filter';
import classes from './home-toolbar.module.css';

const SHOW_BOXES: { flag: ShowFlag; label: string }[] = [
  { flag: 'showCanceled', label: 'Show Canceled Cards' },
  { flag: 'showHold', label: 'Show Cards On Hold' },
  { flag: 'showRepurposed', label: 'Show Cards In Repurpose' },
];

export function ViewToggle({ view, onChange }: { view: HomeView; onChange: (view: HomeView) => void }) {
  return (
    <Segmented
      data-testid="view-toggle"
      aria-label="Show cards as"
      value={view}
      onChange={onChange}
      data={[
        {
          value: 'board',
          label: (
            <>
              <IconLayoutKanban size={16} /> Board
            </>
          ),
        },
        {
          value: 'list',
          label: (
            <>
              <IconLayoutList size={16} /> List
            </>
          ),
        },
      ]}
    />
  );
}

export function ReloadBoardButton() {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: boardKeys.columns }) > 0;
  return (
    <ReloadButton
      label="Reload cards"
      testId="reload-board"
      loading={fetching}
      onReload={() => void queryClient.invalidateQueries({ queryKey: boardKeys.all })}
    />
  );
}

interface CreateButtonProps {
  role: Role;
  summary: BoardSummary | undefined;
  onCreate: () => void;
}

/** Customers and admins create requests; a blocked customer sees why in the tooltip (spec 000 §8). */
export function CreateButton({ role, summary, onCreate }: CreateButtonProps) {
  if (!REQUEST_ROLES.includes(role)) return null;
  const blocked = role === 'customer' ? (summary?.allowance?.message ?? null) : null;
  const button = (
    <Button
      leftSection={<IconPlus size={16} />}
      data-testid="create-request"
      data-disabled={blocked ? true : undefined}
      aria-disabled={!!blocked}
      onClick={(e) => {
        if (blocked) e.preventDefault();
        else onCreate();
      }}
    >
      Create
    </Button>
  );
  // A tooltip only says why a blocked customer cannot: a button that works has none to set up.
  return blocked ? (
    <Tooltip label={blocked} multiline w={300} withArrow>
      {button}
    </Tooltip>
  ) : (
    button
  );
}

/** Wide enough for "99 / 99 this billing period": the badge keeps one width from the first paint on. */
const MONTHLY_COUNT_WIDTH = 196;

/**
 * The count holds its place while the counts load, so the header's buttons do not move (or wrap to a
 * new line) when it arrives (issue 17: the customer's board shifted by 0.2 CLS).
 */
export function MonthlyCount({ summary }: { summary: BoardSummary | undefined }) {
  const used = summary?.monthlyCardCount;
  if (used === undefined) {
    return <Skeleton w={MONTHLY_COUNT_WIDTH} h="1.625rem" radius="sm" data-testid="monthly-count-loading" />;
  }
  const limit = summary?.allowance?.limit;
  return (
    <TooltipOnDemand label="Requests created in this billing period" withArrow>
      <Badge
        size="lg"
        variant="light"
        color="brand"
        radius="sm"
        tt="none"
        miw={MONTHLY_COUNT_WIDTH}
        data-testid="monthly-count"
      >
        {requestUsageText(used, limit ?? null)}
      </Badge>
    </TooltipOnDemand>
  );
}

interface ToolbarProps {
  home: HomeFilters;
  role: Role;
  viewerId: number;
  /** The helper board filters by title and View As only (spec 000 §7 POST /api/ythelper/cards). */
  ytMode?: boolean;
}

/** Dates, View As, sort and Clear Filter. */
function FilterControls({ home, role, viewerId, mobile, ytMode = false }: ToolbarProps & { mobile: boolean }) {
  const count = home.activeCount;
  return (
    <>
      {!ytMode && <DateRangeFilter value={home.range} onChange={home.setRange} mobile={mobile} />}
      {VIEW_AS_ROLES.includes(role) && (
        <HydrationSlice key={home.view}>
          <ViewAsSelect viewerId={viewerId} value={home.viewAs} onChange={home.setViewAs} />
        </HydrationSlice>
      )}
      {!ytMode && (
        <HydrationSlice>
          <Select
            aria-label="Sort"
            data-testid="sort-select"
            size="sm"
            w={{ base: '100%', sm: 150 }}
            value={home.sort}
            onChange={(v) => home.setSort(v ?? 'newest')}
            data={[
              {
                group: MSG.sortLeavesPriority,
                items: [
                  { value: 'newest', label: 'Newest first' },
                  { value: 'oldest', label: 'Oldest first' },
                ],
              },
            ]}
          />
        </HydrationSlice>
      )}
      <Button
        variant={count ? 'light' : 'subtle'}
        color={count ? 'brand' : 'gray'}
        size="sm"
        leftSection={<IconFilterOff size={16} />}
        disabled={count === 0}
        onClick={home.clear}
        data-testid="clear-filter"
        data-count={count}
      >
        Clear Filter{count ? ` (${count})` : ''}
      </Button>
    </>
  );
}

function ShowBoxes({ home }: { home: HomeFilters }) {
  return (
    <Group gap="lg">
      <Checkbox
        label="Set as Due Date"
        data-testid="due-date-toggle"
        checked={home.dueDate}
        onChange={(e) => home.setDueDate(e.currentTarget.checked)}
        size="xs"
      />
      {SHOW_BOXES.map(({ flag, label }) => (
        <Checkbox
          key={flag}
          size="xs"
          label={label}
          checked={home.show[flag]}
          onChange={(e) => home.setShow(flag, e.currentTarget.checked)}
        />
      ))}
    </Group>
  );
}

/**
 * Search first; on phones the other filters fold behind a Filters button so the cards stay in view. The
 * folding is CSS (home-toolbar.module.css): the server's page is the same markup at every width.
 */
export function HomeToolbar({ home, role, viewerId, ytMode = false }: ToolbarProps) {
  // Only the date picker's month count follows the width in script.
  const mobile = usePhoneLayout();
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="xs" mb="md" className={classes.toolbar} data-open={open || undefined}>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <div className={classes.search}>
          <HydrationSlice>
            <SearchField value={home.search} onChange={home.setSearch} suggest={home.view === 'list'} />
          </HydrationSlice>
        </div>
        <Button
          className={classes.toggle}
          variant={open ? 'light' : 'default'}
          size="sm"
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          data-testid="filters-toggle"
        >
          Filters{home.activeCount ? ` (${home.activeCount})` : ''}
        </Button>
        <div className={classes.filters}>
          <FilterControls home={home} role={role} viewerId={viewerId} mobile={mobile} ytMode={ytMode} />
        </div>
      </Group>
      {!ytMode && (
        <div className={classes.filters}>
          <ShowBoxes home={home} />
        </div>
      )}
    </Stack>
  );
}
