/** The card page's tabs, kept in its address (?tab=) and in the quick view's state. */
export type CardTab = 'details' | 'review' | 'yt';
export const CARD_TABS: readonly CardTab[] = ['details', 'review', 'yt'];
export const isCardTab = (value: string | null): value is CardTab => CARD_TABS.includes(value as CardTab);
