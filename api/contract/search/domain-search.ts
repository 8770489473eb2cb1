/** The domain-search socket protocol (DESIGN.md "Domain search"): results, the search session, constants. No zod here: islands import it. */
export const searchDebounceMs = 1000;
export const featuredCount = 3;
export const premiumPageSize = 3;
/** Category lists the results open with, and how many rows a category shows before "Show all". */
export const defaultCategories = ['popular', 'business', 'technology'] as const;
export const collapsedRows = 6;
/**
 * Rows of each default category checked with the first screen: twice what shows, so taken names (listed last) rarely
 * leave a row to check later. Names further down are checked when the visitor reaches them (`domainSearchMore`).
 */
export const firstScreenRows = 12;
/** Names one `domainSearchMore` call may list (a category's whole list goes by its key instead). */
export const maxMoreNames = 60;
/** Path of the search socket. */
export const searchSocketPath = '/api/ws';

/** One name's answer (storefront spec §3), streamed in `domainSearchResults` events. */
export type DomainSearchResult = {
  domain: string;
  available: boolean;
  tld: string;
  /** First-year price in cents: the catalogue's, or the registry's premium price. */
  newPrice: number;
  humanPrice: string;
  /** What each later year costs in cents: the catalogue's renewal price, or the registry's premium renewal price. */
  renewPrice: number;
  isPremium: boolean;
  /** The extension's catalogue category keys, plus 'featured' for the three featured picks and 'premium' for an available registry-premium name. */
  categories: string[];
  /** The name in Unicode, present only when it differs from `domain` (IDN). */
  unicode?: string;
  /** The registry of this extension did not answer (down, slow or paused): availability unknown, try again later. */
  unknown?: true;
  /** No registry connection serves this extension here: it is not for sale. */
  notHere?: true;
};

/** The acknowledgement of a search, sent before any availability is known. */
export type SearchSession = {
  uuid: string;
  /** The normalised search (ASCII, punycode for IDN). */
  search: string;
  /** The same search as the visitor reads it (Unicode). */
  displaySearch: string;
  /** The exact-match name, checked and streamed first. */
  exact: string;
  /** Set when the typed extension is not sold and the exact match fell back to .com. */
  notice?: string;
  categoryNames: Record<string, string>;
  /** Category key to names; `featured` holds featured candidates best value first, `premium` premium candidates. */
  domainsByCategory: Record<string, string[]>;
  /** Category key to how many names its list holds. */
  categoryCount: Record<string, number>;
  /** How many names this search can check. */
  candidateCount: number;
  /**
   * The names checked at once (the exact name, featured and premium candidates, the first rows of the default
   * categories); `pending` and `done` count these and whatever `domainSearchMore` asked for since.
   */
  firstScreen: string[];
};

/** `domainSearchMore`: check names of the current search the visitor has reached: a few rows, or a whole category. */
export type SearchMoreParams = { uuid: string; domains?: string[]; category?: string };
export type SearchMoreReply = { uuid: string; checking: number };

export type SearchResultsEvent = {
  event: 'domainSearchResults';
  data: {
    uuid: string;
    results: DomainSearchResult[];
    /** Names still being checked (of those asked for so far). */
    pending: number;
    /** Every name asked for so far has its result; asking for more starts it again. */
    done: boolean;
    /** The search was refused after its acknowledgement (its bot-check token turned out to be spent already); no results follow. */
    error?: { code: number; message: string };
  };
};

export type PremiumPage = { uuid: string; total: number; limit: number; skip: number; done: boolean; data: DomainSearchResult[] };

export type SocketReply<T> = { id: number | string | null; result: T } | { id: number | string | null; error: { message: string; code: number } };
