// The filters above the ticket step's candidate list: a name / ID number keyword, seated or not, a
// session and a room. Each applies to the list at once (the keyword once typing settles).
import type { RoomView } from '../../../../shared/rooms/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import type { ListState } from '../../../lib/kit/list-state.ts';
import type { PlanSeatList } from '../api.ts';
import { roomOptionLabel } from './seating.ts';

export type SeatFilterName = 'keyword' | 'seated' | 'session' | 'room';

/** The list's filters as they start: everyone. */
export const SEAT_FILTERS: Record<SeatFilterName, string> = {
  keyword: '',
  seated: '',
  session: '',
  room: '',
};

export interface SeatFiltersProps {
  list: Pick<ListState<SeatFilterName>, 'query' | 'setFilters' | 'reset' | 'filtered'>;
  sessions: PlanSeatList['sessions'];
  rooms: readonly RoomView[];
}

export function SeatFilters({ list, sessions, rooms }: SeatFiltersProps) {
  const t = useT();
  return (
    <FilterBar list={list} framed>
      <FilterText
        name="keyword"
        label={t('tickets.filter.keyword')}
        placeholder={t('tickets.filter.keywordHint')}
        w={260}
        data-testid="seat-filter-keyword"
      />
      <FilterSelect
        name="seated"
        label={t('tickets.filter.seated')}
        placeholder={t('tickets.filter.all')}
        w={150}
        data={[
          { value: 'seated', label: t('tickets.filter.seatedOnly') },
          { value: 'unseated', label: t('tickets.filter.unseatedOnly') },
        ]}
        data-testid="seat-filter-seated"
      />
      <FilterSelect
        name="session"
        label={t('tickets.filter.session')}
        placeholder={t('tickets.filter.all')}
        w={180}
        data={sessions.map((s) => ({ value: String(s.session_id), label: s.name }))}
        data-testid="seat-filter-session"
      />
      <FilterSelect
        name="room"
        label={t('tickets.filter.room')}
        placeholder={t('tickets.filter.all')}
        searchable
        w={220}
        data={rooms.map((room) => ({ value: String(room.id), label: roomOptionLabel(room) }))}
        data-testid="seat-filter-room"
      />
    </FilterBar>
  );
}
