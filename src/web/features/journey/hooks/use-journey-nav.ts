/** Moving on through the journey, keeping the rid on every URL. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { nextPage, pathOf, withRid, type JourneyPage } from '../lib/journey-steps';
import { useJourneyData } from './journey-context';

export function useJourneyNav(current: JourneyPage) {
  const data = useJourneyData();
  const navigate = useNavigate();
  const next = nextPage(data.navigation, current);
  const nextHref = withRid(pathOf(next), data.rid);
  const goNext = useCallback(() => {
    void navigate(nextHref);
  }, [navigate, nextHref]);
  const goTo = useCallback(
    (page: JourneyPage) => {
      void navigate(withRid(pathOf(page), data.rid), { replace: true });
    },
    [navigate, data.rid],
  );
  return { goNext, goTo, nextHref };
}
