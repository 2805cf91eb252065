import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QuestionTexts } from '@opence/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { QuestionsPanel } from './questions-panel.tsx';

/*
 * The questions panel for a visitor (issue 42, decision 1161): what they type is kept while they
 * sign in, the button takes them to sign-in and back, the schema's refusals are on the field, and
 * an ended webinar takes no questions.
 */

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function LoginPlace() {
  const location = useLocation();
  return <p>At {location.pathname + location.search}</p>;
}

function renderPanel(phase: 'before' | 'live' | 'ended' = 'before') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/reserve/web1']}>
        <Routes>
          <Route path="/reserve/:c" element={<QuestionsPanel c="web1" phase={phase} />} />
          <Route path="/login" element={<LoginPlace />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const field = () => screen.getByRole('textbox', { name: QuestionTexts.FIELD_LABEL }) as HTMLTextAreaElement;

describe('the questions panel for a visitor', () => {
  it('keeps what was typed across a new page, and sends the visitor to sign in and back', async () => {
    renderPanel();
    screen.getByRole('heading', { name: QuestionTexts.TITLE_BEFORE });
    fireEvent.input(field(), { target: { value: 'Is <b>fluoride</b> safe?' } });
    await waitFor(() =>
      expect(localStorage.getItem('opence.question-draft.web1')).toBe('Is <b>fluoride</b> safe?'),
    );
    cleanup();

    renderPanel();
    await waitFor(() => expect(field().value).toBe('Is <b>fluoride</b> safe?'));
    fireEvent.click(screen.getByRole('button', { name: QuestionTexts.SIGN_IN }));
    await screen.findByText(`At /login?rurl=${encodeURIComponent('/reserve/web1')}`);
    expect(localStorage.getItem('opence.question-draft.web1')).toBe('Is <b>fluoride</b> safe?');
  });

  it('refuses an empty or too long question on the field, before anything is sent', async () => {
    renderPanel('live');
    screen.getByRole('heading', { name: QuestionTexts.TITLE_LIVE });
    fireEvent.click(screen.getByRole('button', { name: QuestionTexts.SIGN_IN }));
    await screen.findByText(QuestionTexts.TEXT_REQUIRED);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    fireEvent.input(field(), { target: { value: 'a'.repeat(501) } });
    fireEvent.click(screen.getByRole('button', { name: QuestionTexts.SIGN_IN }));
    await screen.findByText(QuestionTexts.TEXT_TOO_LONG);
    expect(screen.queryByText(/^At \/login/)).toBeNull();
  });

  it('says an ended webinar takes no more questions, with no form', () => {
    renderPanel('ended');
    screen.getByText(QuestionTexts.ENDED);
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
