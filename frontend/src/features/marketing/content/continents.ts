// Static coverage data: per continent its countries, IP count and flagship countries
// (docs/screens.md#constants).
export type Flagship = { code: string; name: string; ipCount: number };
export type Continent = { id: string; name: string; countries: number; ipCount: number; flagships: Flagship[] };

export const CONTINENTS: Continent[] = [
  {
    id: 'north-america',
    name: 'North America',
    countries: 23,
    ipCount: 36_500_000,
    flagships: [
      { code: 'US', name: 'United States', ipCount: 31_200_000 },
      { code: 'CA', name: 'Canada', ipCount: 3_100_000 },
      { code: 'MX', name: 'Mexico', ipCount: 1_700_000 },
    ],
  },
  {
    id: 'europe',
    name: 'Europe',
    countries: 44,
    ipCount: 14_200_000,
    flagships: [
      { code: 'GB', name: 'United Kingdom', ipCount: 3_400_000 },
      { code: 'DE', name: 'Germany', ipCount: 2_900_000 },
      { code: 'FR', name: 'France', ipCount: 2_300_000 },
    ],
  },
  {
    id: 'asia',
    name: 'Asia',
    countries: 48,
    ipCount: 9_800_000,
    flagships: [
      { code: 'JP', name: 'Japan', ipCount: 2_100_000 },
      { code: 'IN', name: 'India', ipCount: 1_900_000 },
      { code: 'VN', name: 'Vietnam', ipCount: 1_200_000 },
    ],
  },
  {
    id: 'south-america',
    name: 'South America',
    countries: 12,
    ipCount: 2_800_000,
    flagships: [
      { code: 'BR', name: 'Brazil', ipCount: 1_500_000 },
      { code: 'AR', name: 'Argentina', ipCount: 520_000 },
      { code: 'CO', name: 'Colombia', ipCount: 410_000 },
    ],
  },
  {
    id: 'oceania',
    name: 'Oceania',
    countries: 14,
    ipCount: 580_000,
    flagships: [
      { code: 'AU', name: 'Australia', ipCount: 430_000 },
      { code: 'NZ', name: 'New Zealand', ipCount: 110_000 },
      { code: 'FJ', name: 'Fiji', ipCount: 12_000 },
    ],
  },
  {
    id: 'africa',
    name: 'Africa',
    countries: 54,
    ipCount: 780_000,
    flagships: [
      { code: 'ZA', name: 'South Africa', ipCount: 240_000 },
      { code: 'NG', name: 'Nigeria', ipCount: 190_000 },
      { code: 'EG', name: 'Egypt', ipCount: 150_000 },
    ],
  },
];

/** More countries per continent for the /location page. */
export const MORE_COUNTRIES: Record<string, string[]> = {
  'north-america': ['Costa Rica', 'Dominican Republic', 'Guatemala', 'Jamaica', 'Panama', 'Puerto Rico'],
  europe: ['Italy', 'Spain', 'Netherlands', 'Poland', 'Sweden', 'Ukraine', 'Portugal', 'Romania'],
  asia: ['Indonesia', 'South Korea', 'Philippines', 'Thailand', 'Turkey', 'Malaysia', 'Israel', 'Singapore'],
  'south-america': ['Chile', 'Peru', 'Ecuador', 'Venezuela', 'Uruguay'],
  oceania: ['Papua New Guinea', 'Samoa', 'New Caledonia'],
  africa: ['Kenya', 'Morocco', 'Ghana', 'Algeria', 'Tunisia', 'Ethiopia'],
};
