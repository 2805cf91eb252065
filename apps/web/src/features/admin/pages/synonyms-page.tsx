import { zodResolver } from '@hookform/resolvers/zod';
import { Texts } from '@opence/shared';
import { ZSearchSynonymForm, type TSearchSynonym, type TSearchSynonymRow } from '@opence/shared/schemas';
import { useEffect, useId, useState } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, EmptyState } from '../../../components/ui/feedback.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useDeleteSearchSynonym, useSaveSearchSynonym, useSearchSynonyms } from '../api/search-synonyms.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { DataTable } from '../components/data-table.tsx';
import { fieldId, messageOf, TextField } from '../../../components/ui/field.tsx';
import { SubmitButton } from '../../../components/ui/form.tsx';
import { ListCount } from '../components/list-controls.tsx';
import { QueryState } from '../components/query-state.tsx';

/*
 * Search synonyms (issue 27): a word members type and the words and phrases search also finds
 * for it ('perio' → periodontal, periodontics). Staff add, edit and delete them; the form is
 * checked with the schema the server applies. The shipped dental thesaurus (issue 41) is listed
 * with its sources: editing a shipped entry saves staff's entry that replaces it, and deleting
 * that brings the shipped one back (docs/decisions/1147).
 */

const ALTERNATIVES_HINT = 'Separate them with commas, e.g. periodontal, periodontics.';
const TERM_HINT = 'One word or a short phrase, as members type it.';

type TEditing = Pick<TSearchSynonymRow, 'id' | 'term' | 'alternatives' | 'origin'> | null;

function SynonymForm({ editing, onDone }: { editing: TEditing; onDone: () => void }) {
  const headingId = useId();
  const save = useSaveSearchSynonym();
  const { register, handleSubmit, setError, setFocus, reset, formState } = useForm<FieldValues>({
    resolver: zodResolver(ZSearchSynonymForm) as unknown as Resolver<FieldValues>,
    defaultValues: { term: editing?.term ?? '', alternatives: editing?.alternatives.join(', ') ?? '' },
  });
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // An edit starts in the form, where the focus goes (the button pressed is in the table below).
  useEffect(() => {
    if (editing) setFocus('term');
  }, [editing, setFocus]);
  const termError = messageOf(formState.errors, 'term');
  const alternativesError = messageOf(formState.errors, 'alternatives');

  const submit = handleSubmit(
    async (values) => {
      setOutcome(null);
      const entry = values as TSearchSynonym;
      try {
        // A shipped entry is overridden under its term; it has no stored entry to replace.
        await save.mutateAsync({
          entry,
          replacesId: editing?.origin === 'shipped' ? undefined : editing?.id,
        });
        reset({ term: '', alternatives: '' });
        setOutcome({ kind: 'success', text: `Saved: “${entry.term.toLowerCase()}”.` });
        onDone();
      } catch (error) {
        const field = error instanceof ApiRequestError ? error.field : undefined;
        const text = error instanceof Error ? error.message : Texts.GENERIC_ERROR;
        if (field === 'term' || field?.startsWith('alternatives')) {
          const name = field === 'term' ? 'term' : 'alternatives';
          setError(name, { message: text.replace(/^[\w.]+: /, '') }, { shouldFocus: true });
        }
        setOutcome({ kind: 'error', text });
      }
    },
    () => setOutcome({ kind: 'error', text: Texts.CORRECT_ERRORS }),
  );

  return (
    <form className="admin-form" noValidate aria-labelledby={headingId} onSubmit={(e) => void submit(e)}>
      <fieldset className="admin-fieldset">
        <legend id={headingId}>
          {!editing
            ? 'Add a synonym'
            : editing.origin === 'shipped'
              ? `Override “${editing.term}”`
              : `Edit “${editing.term}”`}
        </legend>
        <TextField
          id={fieldId('term')}
          label="Word members type"
          hint={TERM_HINT}
          error={termError}
          autoComplete="off"
          registration={register('term')}
        />
        <TextField
          id={fieldId('alternatives')}
          label="Words and phrases it also finds"
          hint={ALTERNATIVES_HINT}
          error={alternativesError}
          autoComplete="off"
          registration={register('alternatives')}
        />
      </fieldset>
      {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
      <div className="admin-form-actions">
        <SubmitButton isPending={formState.isSubmitting} pendingLabel="Saving…">
          {editing ? 'Save changes' : 'Add synonym'}
        </SubmitButton>
        {editing && (
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** Where an entry comes from: staff, the shipped thesaurus (with its source), or staff over it. */
function SynonymOrigin({ row }: { row: TSearchSynonymRow }) {
  if (row.origin === 'staff') return <>Staff</>;
  return (
    <>
      {row.origin === 'shipped'
        ? 'Shipped'
        : `Staff, replacing shipped: ${row.shippedAlternatives.join(', ')}`}
      <small className="admin-synonym-source">{row.source}</small>
    </>
  );
}

function SynonymsTable({
  rows,
  onEdit,
}: {
  rows: TSearchSynonymRow[];
  onEdit: (row: TSearchSynonymRow) => void;
}) {
  const remove = useDeleteSearchSynonym();
  return (
    <>
      {remove.error && <Alert>{remove.error.message}</Alert>}
      <ListCount>
        {rows.length} {rows.length === 1 ? 'synonym' : 'synonyms'}
      </ListCount>
      <DataTable
        caption="Search synonyms"
        rowKey={(r) => r.id}
        rows={rows}
        columns={[
          { key: 'term', label: 'Word members type', isMain: true, cell: (r) => r.term },
          { key: 'alternatives', label: 'Also finds', cell: (r) => r.alternatives.join(', ') },
          { key: 'origin', label: 'From', cell: (r) => <SynonymOrigin row={r} /> },
          {
            key: 'actions',
            label: 'Actions',
            cell: (r) => (
              <div className="admin-row-actions">
                <Button variant="secondary" onClick={() => onEdit(r)}>
                  {r.origin === 'shipped' ? 'Override' : 'Edit'} {r.term}
                </Button>
                {r.origin !== 'shipped' && (
                  <ConfirmButton
                    label={`Delete ${r.term}`}
                    title={`Delete “${r.term}”?`}
                    confirmLabel="Delete"
                    disabled={remove.isPending}
                    onConfirm={() => remove.mutate(r.id)}
                  >
                    <p>
                      {r.origin === 'override'
                        ? `Search goes back to the shipped entry: ${r.shippedAlternatives.join(', ')}.`
                        : `Search stops finding ${r.alternatives.join(', ')} for “${r.term}”.`}
                    </p>
                  </ConfirmButton>
                )}
              </div>
            ),
          },
        ]}
      />
    </>
  );
}

export function SynonymsPage() {
  const synonyms = useSearchSynonyms();
  const [editing, setEditing] = useState<TEditing>(null);
  return (
    <AdminPage title="Search synonyms">
      <p className="admin-note">
        When a member searches for a word below, search also finds the words and phrases beside it. Shipped
        entries come from the dental thesaurus, each with its source (MeSH, ADA CDT, AGD subject codes);
        override one to replace what it finds, and delete your entry to bring the shipped one back.
      </p>
      <SynonymForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <div className="admin-after-form">
        <QueryState query={synonyms}>
          {({ data }) =>
            data.length === 0 ? (
              <EmptyState text="No synonyms yet." />
            ) : (
              <SynonymsTable rows={data} onEdit={setEditing} />
            )
          }
        </QueryState>
      </div>
    </AdminPage>
  );
}
