/** The loaded campaign data for the current rid, provided by JourneyGate to every page. */
import { createContext, useContext } from 'react';
import type { CampaignData } from '@shared/campaign';

export const JourneyContext = createContext<CampaignData | null>(null);

export function useJourneyData(): CampaignData {
  const data = useContext(JourneyContext);
  if (!data) throw new Error('useJourneyData outside JourneyGate');
  return data;
}
