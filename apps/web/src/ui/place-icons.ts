import {
  IconBuildingWarehouse,
  IconCoin,
  IconEgg,
  IconFeather,
  IconMessage,
  IconReceipt2,
  IconReportAnalytics,
  IconShoppingCart,
  IconUserCircle,
} from '@tabler/icons-react';

/**
 * The icons of the farm's places, as the navigation shows them, for every screen that shows the
 * same places (the dashboard's quick actions, the onboarding steps). One module for all: an icon two chunks import directly is
 * cut into a small chunk of its own, and each costs the first screen a request.
 */
export const placeIcons = {
  flocks: IconFeather,
  eggs: IconEgg,
  sales: IconShoppingCart,
  expenses: IconReceipt2,
  inventory: IconBuildingWarehouse,
  finances: IconCoin,
  reports: IconReportAnalytics,
  contact: IconMessage,
  profile: IconUserCircle,
} as const;
