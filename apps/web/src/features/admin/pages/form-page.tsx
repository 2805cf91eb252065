import { FEATURED_FORM, SETTINGS_FORM } from '@opence/shared/schemas';
import { useAdminForm, useSaveAdminForm } from '../api/editors.ts';
import { AdminForm } from '../components/admin-form.tsx';
import { AdminPage } from '../components/admin-page.tsx';
import { QueryState } from '../components/query-state.tsx';

const FORMS = {
  settings: { title: 'Settings', form: SETTINGS_FORM },
  featured: { title: 'Featured content', form: FEATURED_FORM },
} as const;

/** A form that is saved whole: the site settings, or the featured content picks. */
export function FormPage({ path }: { path: keyof typeof FORMS }) {
  const { title, form } = FORMS[path];
  const values = useAdminForm(path);
  const save = useSaveAdminForm(path);
  return (
    <AdminPage title={title}>
      <QueryState query={values}>
        {(data) => (
          <AdminForm form={form} values={data} onSubmit={async (v) => (await save.mutateAsync(v)).data} />
        )}
      </QueryState>
    </AdminPage>
  );
}
