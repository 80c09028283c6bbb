import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { Role } from '@cutroom/domain';
import { readLocal, writeLocal, type LocalKey } from '../../lib/storage';
import type { CardFilters } from './api';
import { ALL_TABS, isColumnKey, type ListTab, type ShowFlag, type ShowFlags } from './columns';

export type HomeView = 'board' | 'list';
export type SortOrder = CardFilters['dataFilter'];
export type DateRange = [string | null, string | null];

/** Dashboard links (spec 002 §2) name these sections; each opens the list on its tab. */
const SECTION_TABS: Record<string, ListTab> = {
  video_request: 'video_request',
  editing: 'editing',
  completed: 'updatedDone',
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SEARCH_DEBOUNCE_MS = 300;

const readFlag = (key: ShowFlag) => readLocal(key) === 'true';
const readId = (key: LocalKey) => {
  const value = readLocal(key);
  return value && /^\d+$/.test(value) ? value : null;
};

interface Initial {
  role: Role;
  params: URLSearchParams;
}

interface State {
  view: HomeView;
  activeTab: ListTab;
  boardSearch: string;
  listSearch: string;
  boardViewAs: string | null;
  listViewAs: string | null;
  show: ShowFlags;
  range: DateRange;
  dueDate: boolean;
  sort: SortOrder;
}

function initialView(role: Role, section: ListTab | undefined): HomeView {
  if (section) return 'list';
  const saved = readLocal('selectedListingView');
  if (saved === 'list' || saved === 'board') return saved;
  // Spec 000 §2: board by default, except a customer who never chose.
  return role === 'customer' ? 'list' : 'board';
}

function initialState({ role, params }: Initial): State {
  const section = SECTION_TABS[params.get('section') ?? ''];
  const savedTab = readLocal('activeTab');
  const start = params.get('startDate');
  const end = params.get('endDate');
  return {
    view: initialView(role, section),
    activeTab: section ?? (savedTab === ALL_TABS || isColumnKey(savedTab) ? savedTab : ALL_TABS),
    boardSearch: readLocal('searchText') ?? '',
    listSearch: readLocal('listSearchText') ?? '',
    boardViewAs: readId('viewAs'),
    listViewAs: readId('listViewAs'),
    show: {
      showHold: readFlag('showHold'),
      showCanceled: readFlag('showCanceled'),
      showRepurposed: readFlag('showRepurposed'),
    },
    range: [start && DATE.test(start) ? start : null, end && DATE.test(end) ? end : null],
    dueDate: false,
    sort: 'newest',
  };
}

/** What a view's choices ask the server for. */
function cardFilters(search: string, viewAs: string | null, sort: SortOrder, range: DateRange, dueDate: boolean) {
  const rangeSet = !!(range[0] && range[1]);
  return {
    card_name: search.trim(),
    view_as: viewAs ? Number(viewAs) : null,
    dataFilter: sort,
    startDate: rangeSet ? range[0] : null,
    endDate: rangeSet ? range[1] : null,
    selectedDueDate: rangeSet && dueDate,
  } satisfies CardFilters;
}

/** The view, columns, list tab and filters the home page starts with; the route's prefetch asks for the same. */
export function firstHomeState(role: Role, params: URLSearchParams) {
  const state = initialState({ role, params });
  const isBoard = state.view === 'board';
  const filters = cardFilters(
    isBoard ? state.boardSearch : state.listSearch,
    isBoard ? state.boardViewAs : state.listViewAs,
    state.sort,
    state.range,
    state.dueDate,
  );
  return { view: state.view, show: state.show, activeTab: state.activeTab, filters };
}

/**
 * The home page's choices. Board and list keep their own search and View As under the spec's local
 * keys (000 §2); the date range and sort are for this visit only, as the spec keeps no key for them.
 */
export function useHomeFilters(role: Role, params: URLSearchParams) {
  const [state, setState] = useState<State>(() => initialState({ role, params }));
  const patch = (changes: Partial<State>) => setState((s) => ({ ...s, ...changes }));

  const isBoard = state.view === 'board';
  const search = isBoard ? state.boardSearch : state.listSearch;
  const viewAs = isBoard ? state.boardViewAs : state.listViewAs;
  // One debounce per view, so switching views never sends the other view's half-typed search.
  const [boardTerm] = useDebouncedValue(state.boardSearch, SEARCH_DEBOUNCE_MS);
  const [listTerm] = useDebouncedValue(state.listSearch, SEARCH_DEBOUNCE_MS);
  const debouncedSearch = isBoard ? boardTerm : listTerm;
  const rangeSet = !!(state.range[0] && state.range[1]);

  const filters: CardFilters = useMemo(
    () => cardFilters(debouncedSearch, viewAs, state.sort, state.range, state.dueDate),
    [debouncedSearch, viewAs, state.sort, state.range, state.dueDate],
  );

  const activeCount = [search.trim() !== '', viewAs !== null, rangeSet, state.sort !== 'newest'].filter(Boolean).length;

  const actions = {
    setView: (view: HomeView) => {
      writeLocal('selectedListingView', view);
      patch({ view });
    },
    setTab: (activeTab: ListTab) => {
      writeLocal('activeTab', activeTab);
      patch({ activeTab });
    },
    setSearch: (value: string) => {
      writeLocal(isBoard ? 'searchText' : 'listSearchText', value);
      patch(isBoard ? { boardSearch: value } : { listSearch: value });
    },
    setViewAs: (value: string | null) => {
      writeLocal(isBoard ? 'viewAs' : 'listViewAs', value ?? '');
      patch(isBoard ? { boardViewAs: value } : { listViewAs: value });
    },
    setShow: (flag: ShowFlag, value: boolean) => {
      writeLocal(flag, String(value));
      setState((s) => ({ ...s, show: { ...s.show, [flag]: value } }));
    },
    setRange: (range: DateRange) => patch({ range }),
    setDueDate: (dueDate: boolean) => patch({ dueDate }),
    setSort: (sort: SortOrder) => patch({ sort }),
    /** Clear Filter: search, View As, dates and sort of the current view; the show boxes are layout. */
    clear: () => {
      writeLocal(isBoard ? 'searchText' : 'listSearchText', '');
      writeLocal(isBoard ? 'viewAs' : 'listViewAs', '');
      patch({
        ...(isBoard ? { boardSearch: '', boardViewAs: null } : { listSearch: '', listViewAs: null }),
        range: [null, null],
        dueDate: false,
        sort: 'newest',
      });
    },
  };

  return {
    view: state.view,
    activeTab: state.activeTab,
    show: state.show,
    search,
    viewAs,
    range: state.range,
    dueDate: state.dueDate,
    sort: state.sort,
    filters,
    activeCount,
    ...actions,
  };
}

export type HomeFilters = ReturnType<typeof useHomeFilters>;
