import { describe, expect, it } from 'vitest';
import { createTestKlip } from '../../test/klip-fixtures.ts';
import { filterLoadedKlips } from './klip-search.ts';

const diya = createTestKlip({ id: 'diya', title: 'Brass Diya Unboxing', description: '', tags: [] });
const saree = createTestKlip({
  id: 'saree',
  title: 'Draping a saree',
  description: 'Six yards of BANARASI silk',
  tags: [],
});
const kurta = createTestKlip({ id: 'kurta', title: 'Kurta haul', description: '', tags: ['Festive', 'men'] });
const ids = (klips: { id: string }[]) => klips.map((klip) => klip.id);

describe('filterLoadedKlips', () => {
  it('keeps everything when the search is blank', () => {
    expect(ids(filterLoadedKlips([diya, saree, kurta], '  '))).toEqual(['diya', 'saree', 'kurta']);
  });

  it('matches the title, the description or a tag, ignoring case and surrounding spaces', () => {
    expect(ids(filterLoadedKlips([diya, saree, kurta], 'UNBOX'))).toEqual(['diya']);
    expect(ids(filterLoadedKlips([diya, saree, kurta], ' banarasi '))).toEqual(['saree']);
    expect(ids(filterLoadedKlips([diya, saree, kurta], 'festive'))).toEqual(['kurta']);
  });

  it('keeps nothing when nothing matches', () => {
    expect(filterLoadedKlips([diya, saree, kurta], 'lehenga')).toEqual([]);
  });
});
