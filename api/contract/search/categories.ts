/** Category keys of the extension catalogue and search, with their display labels (storefront spec §3). */
export const categoryNames = {
  all: 'All',
  animals: 'Animals',
  arts: 'Arts & Culture',
  business: 'Business',
  cctlds: 'Country Codes',
  colors: 'Colors',
  education: 'Education',
  events: 'Events',
  finance: 'Finance',
  food: 'Food & Drink',
  fun: 'Fun',
  generic: 'Generic',
  health: 'Health & Fitness',
  lifestyle: 'Lifestyle',
  marketing: 'Marketing',
  media: 'Media',
  military: 'Military',
  misc: 'Miscellaneous',
  personal: 'Personal',
  popular: 'Popular',
  premium: 'Premium',
  products: 'Products',
  professions: 'Professions',
  realestate: 'Real Estate',
  religion: 'Religion',
  shopping: 'Shopping',
  sports: 'Sports',
  technology: 'Technology',
  trades: 'Trades',
  transport: 'Transport',
  travel: 'Travel',
  featured: 'Featured',
} as const;

export type CategoryKey = keyof typeof categoryNames;

/** Keys an extension may carry in the catalogue ('all' and 'featured' are derived, never stored). */
export const catalogueCategoryKeys = Object.keys(categoryNames).filter((key) => key !== 'all' && key !== 'featured') as Exclude<
  CategoryKey,
  'all' | 'featured'
>[];
