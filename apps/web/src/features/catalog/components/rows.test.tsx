import { Texts } from '@opence/shared';
import type { TClassRow, TWebinarRow } from '@opence/shared/schemas';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ClassRow, WebinarRow } from './rows.tsx';

/*
 * A list's rows (01 §2, 02 §2, decisions 1001, 1003, 1030) as a visitor reads them: the whole
 * card is one link named by the title, the picture or its place, the badge, the detail lines
 * (none left empty), the play mark and length of a recording to play.
 */

afterEach(cleanup);

const inList = (row: ReactNode) =>
  render(
    <MemoryRouter>
      <ul>{row}</ul>
    </MemoryRouter>,
  );

const classRow = (over: Partial<TClassRow> = {}): TClassRow => ({
  classId: 'c1',
  hash: 'h4sh',
  className: 'Implant Basics',
  speakerName: 'Dr. Ana Ruiz',
  sponsorCompanyName: 'Acme Dental',
  photo: '/media/classes/implant.jpg',
  releaseDateUTC: '2026-11-02T17:00:00.000Z',
  credits: 2,
  creditName: 'AGD 690',
  slug: 'implant-basics',
  examTaken: false,
  comingSoon: false,
  recordingMin: 45,
  ...over,
});

const webinarRow = (over: Partial<TWebinarRow> = {}): TWebinarRow => ({
  classId: 'w1',
  hash: 'w3b',
  className: 'Live Perio Update',
  speakerName: 'Dr. Lee',
  sponsorCompanyName: '',
  photo: null,
  releaseDateUTC: '2026-12-02T18:00:00.000Z',
  credits: 1,
  creditName: '',
  durationMin: 60,
  hasSeat: false,
  isWaiting: false,
  isReserved: false,
  seatsLeft: null,
  ...over,
});

const row = () => screen.getByRole('listitem');
const lines = () => Array.from(row().querySelectorAll('.list-row-line'), (p) => p.textContent);
const badge = () => row().querySelector('.badge');
const playMark = () => row().querySelector('.list-row-play');
const length = () => row().querySelector('.list-row-length')?.textContent;

describe('a class row', () => {
  it("links its title to the course page, shows the photo's 320 px copy and the class's details", () => {
    inList(<ClassRow row={classRow()} />);
    const link = within(row()).getByRole('link');
    expect(link.textContent).toBe('Implant Basics');
    expect(link.getAttribute('href')).toBe('/on-demand-dental-ce-course/implant-basics');
    expect(within(row()).getByRole('heading', { level: 2 }).textContent).toBe('Implant Basics');
    const img = row().querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/_w/320/classes/implant.jpg');
    // The picture is decoration: the title names the card.
    expect(img.getAttribute('alt')).toBe('');
    expect(lines().slice(0, 2)).toEqual(['Dr. Ana Ruiz', 'Acme Dental']);
    expect(lines()[2]).toMatch(/ · 2 CEU \(AGD 690\)$/);
    expect(row().querySelector('time')!.getAttribute('datetime')).toBe('2026-11-02T17:00:00.000Z');
    expect(badge()).toBeNull();
  });

  it('opens the classroom by hash where the screen asks, with the heading level it is given', () => {
    inList(<ClassRow row={classRow()} opens="classroom" level={3} />);
    expect(within(row()).getByRole('link').getAttribute('href')).toBe('/classroom/h4sh');
    expect(within(row()).getByRole('heading', { level: 3 })).toBeTruthy();
  });

  it("keeps the picture's place without a photo, and leaves out empty detail lines", () => {
    inList(<ClassRow row={classRow({ photo: null, sponsorCompanyName: '', creditName: '' })} />);
    expect(row().querySelector('img')).toBeNull();
    expect(row().querySelector('.list-row-photo')).not.toBeNull();
    expect(lines().slice(0, 1)).toEqual(['Dr. Ana Ruiz']);
    expect(lines()).toHaveLength(2);
    expect(lines()[1]).toMatch(/ · 2 CEU$/);
  });

  it('marks a recording to play with its length; a PDF class has no play mark', () => {
    inList(<ClassRow row={classRow({ recordingMin: 45 })} />);
    expect(playMark()).not.toBeNull();
    expect(length()).toBe('45:00');
    cleanup();
    inList(<ClassRow row={classRow({ recordingMin: 0 })} />);
    expect(playMark()).not.toBeNull();
    expect(length()).toBeUndefined();
    cleanup();
    inList(<ClassRow row={classRow({ recordingMin: null })} />);
    expect(playMark()).toBeNull();
  });

  it('says "Coming soon" with no play mark before the recording, and COMPLETED once the exam is taken', () => {
    inList(<ClassRow row={classRow({ comingSoon: true })} />);
    expect(badge()?.textContent).toBe(Texts.COMING_SOON);
    expect(badge()?.className).toBe('badge badge-warning');
    expect(playMark()).toBeNull();
    cleanup();
    inList(<ClassRow row={classRow({ examTaken: true })} />);
    expect(badge()?.textContent).toBe(Texts.BADGE_COMPLETED);
    expect(badge()?.className).toBe('badge badge-success');
    cleanup();
    // A member who took the exam of a class later unpublished sees what they did.
    inList(<ClassRow row={classRow({ comingSoon: true, examTaken: true })} />);
    expect(badge()?.textContent).toBe(Texts.BADGE_COMPLETED);
  });
});

describe('a webinar row', () => {
  it('says how few seats are left to a visitor without a seat, and that a full class has a waitlist', () => {
    inList(<WebinarRow row={webinarRow({ seatsLeft: 3 })} />);
    expect(lines()).toContain('3 seats left');
    cleanup();
    inList(<WebinarRow row={webinarRow({ seatsLeft: 0 })} />);
    const full = row().querySelector('.seats-left')!;
    expect(full.textContent).toBe(Texts.SEATS_FULL);
    expect(full.classList.contains('is-full')).toBe(true);
    cleanup();
    inList(<WebinarRow row={webinarRow({ seatsLeft: 0, hasSeat: true })} />);
    expect(row().querySelector('.seats-left')).toBeNull();
    expect(badge()?.textContent).toBe(Texts.BADGE_RESERVED);
  });

  it('badges a place on the waitlist as a warning and links to the webinar', () => {
    inList(<WebinarRow row={webinarRow({ isWaiting: true })} />);
    expect(badge()?.textContent).toBe(Texts.BADGE_WAITLIST);
    expect(badge()?.className).toBe('badge badge-warning');
    expect(within(row()).getByRole('link').getAttribute('href')).toMatch(/w3b/);
    expect(lines()).toEqual(['Dr. Lee', expect.any(String), '1 CEU']);
  });
});
