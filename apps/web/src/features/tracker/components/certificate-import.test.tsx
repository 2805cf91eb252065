import { cleanup, render, screen } from '@testing-library/react';
import { ImportTexts as I } from '@opence/shared';
import type { TCertificateImport } from '@opence/shared/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from '../../../components/ui/field.tsx';
import { ImportReview, importHint } from './certificate-import.tsx';

/*
 * The import's review (issue 41): a field read with little confidence says "Check this" as its
 * hint (read with the field), one not found says so, a summary announces how many; OCR missing
 * on the server and a name that is not the member's are said above the form.
 */

afterEach(cleanup);

const read = (value: string | null, confidence: number) => ({ value, confidence });
const imported = (over: Partial<TCertificateImport> = {}): TCertificateImport => ({
  id: 'imp1',
  fields: {
    provider: read('Gulf Coast Dental Society', 0.9),
    title: read('Infection Control', 0.9),
    completedOn: read('2026-09-12', 0.4),
    hours: read('2', 0.7),
    agdCode: read('148', 0.9),
    approval: read(null, 0),
    participant: read('Dana Demo', 0.9),
  },
  topics: ['agd_148'],
  reading: 'text',
  evidence: {
    qrCode: 'https://verify.example/c/1',
    verificationUrl: 'https://verify.example/c/1',
    nameOnCertificate: 'Dana Demo',
    nameMatches: true,
    credential: null,
  },
  file: { name: 'c.pdf', contentType: 'application/pdf', sizeBytes: 100 },
  expiresAt: '2026-11-28T11:00:00.000Z',
  ...over,
});

describe('the import review', () => {
  it('marks unsure fields on the field itself, blanks the missing ones, and announces the count', () => {
    const preview = imported();
    render(
      <>
        <ImportReview imported={preview} />
        <TextField id="d" label="Date completed" hint={importHint(preview, 'completedOn')} />
        <TextField id="t" label="Course title" hint={importHint(preview, 'title')} />
        <TextField id="a" label="Approval" hint={importHint(preview, 'approval')} />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Date completed' }).getAttribute('aria-describedby')).toBe(
      'd-hint',
    );
    expect(document.getElementById('d-hint')!.textContent).toBe(I.CHECK_THIS);
    expect(screen.getByRole('textbox', { name: 'Course title' }).getAttribute('aria-describedby')).toBeNull();
    expect(document.getElementById('a-hint')!.textContent).toBe(I.NOT_FOUND);
    // Two of the form's fields were hard to read: the date and the hours.
    expect(screen.getByRole('status').textContent).toBe(
      '2 fields were hard to read: check them before saving.',
    );
    expect(screen.getByText('https://verify.example/c/1')).toBeTruthy();
  });

  it('says when OCR is not installed (no marks then), and when the name is not the member’s', () => {
    const preview = imported({
      reading: 'ocr-unavailable',
      evidence: { ...imported().evidence, nameOnCertificate: 'Priya Shah', nameMatches: false },
    });
    render(<ImportReview imported={preview} />);
    expect(screen.getByText(I.OCR_UNAVAILABLE)).toBeTruthy();
    expect(screen.getByText(/“Priya Shah”, does not look like yours/)).toBeTruthy();
    expect(importHint(preview, 'title')).toBeUndefined();
  });
});
