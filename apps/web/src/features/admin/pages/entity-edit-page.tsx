import { CeType, ClassType } from '@opence/shared';
import {
  adminEntity,
  type TAdminEntity,
  type TAdminEntityKey,
  type TAdminValues,
} from '@opence/shared/schemas';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/feedback.tsx';
import { useDeleteEntity, useEntityRow, useSaveEntity } from '../api/entities.ts';
import { AdminForm, blankValues } from '../components/admin-form.tsx';
import { AdminPage } from '../components/admin-page.tsx';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { QueryState } from '../components/query-state.tsx';

/** Pages reached from a saved row: its exam, seat list, recording, evaluations, questions. */
function extraLinks(entity: TAdminEntity, row: TAdminValues): { to: string; label: string }[] {
  const base = `/admin/${entity.key}/${String(row.id)}`;
  const type = Number(row.typeId);
  const links: { to: string; label: string; when: boolean }[] = [
    { to: `${base}/exam`, label: 'Exam', when: entity.extras?.includes('exam') ?? false },
    {
      to: `${base}/seats`,
      label: 'Seats and waitlist',
      when: entity.key === 'classes' && type === ClassType.LIVE,
    },
    {
      to: `${base}/webinar-questions`,
      label: 'Questions from members',
      when: entity.key === 'classes' && type === ClassType.LIVE,
    },
    {
      to: `${base}/attendance`,
      label: 'Attendance report',
      when:
        entity.key === 'classes' &&
        [ClassType.LIVE, ClassType.ARCHIVE, ClassType.PRODUCED_PLAYBACK].includes(type as never),
    },
    {
      to: `${base}/polls`,
      label: 'Polls and credit rule',
      when: entity.key === 'classes' && Number(row.ceTypeId) === CeType.LIVE,
    },
    {
      to: `${base}/run`,
      label: 'Run the webinar',
      when: entity.key === 'classes' && Number(row.ceTypeId) === CeType.LIVE,
    },
    {
      to: `${base}/recording`,
      label: 'Attach the recording',
      when:
        entity.key === 'classes' &&
        [ClassType.LIVE, ClassType.ARCHIVE, ClassType.PRODUCED_PLAYBACK].includes(type as never),
    },
    {
      to: `${base}/evaluations`,
      label: 'Evaluation results',
      when: entity.key === 'classes' || entity.key === 'podcasts',
    },
    { to: `${base}/questions`, label: 'Questions', when: entity.extras?.includes('questions') ?? false },
  ];
  return links.filter((l) => l.when);
}

/** Where members see the row, when it has a page of its own. */
function publicPath(key: TAdminEntityKey, row: TAdminValues): string | null {
  if (key === 'classes' && row.hash) return `/classroom/${String(row.hash)}`;
  if (key === 'blog-posts' && row.slug) return `/dental-blog/${String(row.slug)}`;
  if (key === 'drilldowns' && row.slug) return `/drilldown/${String(row.slug)}`;
  return null;
}

function EditForm({ entity, row }: { entity: TAdminEntity; row: TAdminValues | null }) {
  const navigate = useNavigate();
  const id = row ? String(row.id) : undefined;
  const save = useSaveEntity(entity.key, id);
  const remove = useDeleteEntity(entity.key);
  const listPath = `/admin/${entity.key}`;

  const submit = async (values: TAdminValues) => {
    const saved = await save.mutateAsync(values);
    if (!id) {
      navigate(`${listPath}/${String(saved.data.id)}`, { replace: true, state: { created: true } });
      return undefined;
    }
    return saved.data;
  };

  return (
    <>
      {row && (
        <nav className="admin-extras" aria-label={`More about this ${entity.singular.toLowerCase()}`}>
          {extraLinks(entity, row).map((l) => (
            <Link key={l.to} className="btn btn-secondary" to={l.to}>
              {l.label}
            </Link>
          ))}
          {publicPath(entity.key, row) && (
            <a className="btn btn-link" href={publicPath(entity.key, row)!} target="_blank" rel="noreferrer">
              View on the site
            </a>
          )}
        </nav>
      )}
      <AdminForm
        form={entity}
        values={row ?? blankValues(entity)}
        onSubmit={submit}
        submitLabel={row ? 'Save changes' : `Create ${entity.singular.toLowerCase()}`}
        readOnlyFields={row && entity.idField === 'code' ? ['code'] : []}
        footer={
          row && (
            <ConfirmButton
              label="Delete"
              title={`Delete this ${entity.singular.toLowerCase()}?`}
              confirmLabel="Delete"
              disabled={remove.isPending}
              onConfirm={() => remove.mutate(String(row.id), { onSuccess: () => navigate(listPath) })}
            >
              <p>
                “{String(row[entity.titleField] ?? '')}” is deleted for good. Content that still uses it keeps
                the delete from happening; unpublishing is the gentle alternative.
              </p>
            </ConfirmButton>
          )
        }
      />
      {remove.error && <Alert>{remove.error.message}</Alert>}
    </>
  );
}

export function EntityEditPage({ entityKey }: { entityKey: TAdminEntityKey }) {
  const entity = adminEntity(entityKey);
  const { id } = useParams();
  const location = useLocation();
  const isNew = !id || id === 'new';
  const row = useEntityRow(entityKey, isNew ? undefined : id);
  const back = { to: `/admin/${entityKey}`, label: entity.label };
  const wasCreated = (location.state as { created?: boolean } | null)?.created;

  if (isNew) {
    return (
      <AdminPage title={`New ${entity.singular.toLowerCase()}`} back={back}>
        <EditForm entity={entity} row={null} />
      </AdminPage>
    );
  }
  return (
    <AdminPage title={`${entity.singular}: ${String(row.data?.[entity.titleField] ?? '…')}`} back={back}>
      {wasCreated && <Alert kind="success">Created.</Alert>}
      <QueryState query={row}>
        {(data) => <EditForm key={String(data.id)} entity={entity} row={data} />}
      </QueryState>
    </AdminPage>
  );
}
