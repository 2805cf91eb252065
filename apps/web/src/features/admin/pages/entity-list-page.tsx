import { adminEntity, type TAdminEntityKey, type TAdminValues } from '@opence/shared/schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/feedback.tsx';
import { useEntityList } from '../api/entities.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { DataTable, type TColumn } from '../components/data-table.tsx';
import { ListCount, Pager, SearchBox } from '../components/list-controls.tsx';
import { QueryState } from '../components/query-state.tsx';
import { displayValue } from '../format.ts';

/** The rows of one entity: search, paging, and a link to each row's form. */
export function EntityListPage({ entityKey }: { entityKey: TAdminEntityKey }) {
  const entity = adminEntity(entityKey);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const list = useEntityList(entityKey, q, page);

  const columns: TColumn<TAdminValues>[] = entity.listFields.map((name, i) => {
    const field = entity.fields.find((f) => f.name === name);
    return {
      key: name,
      label: field?.label ?? name,
      isMain: i === 0,
      cell: (row) =>
        i === 0 ? (
          <Link to={`/admin/${entityKey}/${String(row.id)}`}>{displayValue(field, row[name])}</Link>
        ) : (
          displayValue(field, row[name])
        ),
    };
  });

  return (
    <AdminPage
      title={entity.label}
      actions={<ButtonLink to={`/admin/${entityKey}/new`}>New {entity.singular.toLowerCase()}</ButtonLink>}
    >
      <SearchBox
        label={`Search ${entity.label.toLowerCase()}`}
        value={q}
        onSearch={(text) => {
          setQ(text);
          setPage(0);
        }}
      />
      <QueryState query={list}>
        {(data) =>
          data.totalRows === 0 ? (
            <EmptyState
              text={
                q ? `No ${entity.label.toLowerCase()} match “${q}”.` : `No ${entity.label.toLowerCase()} yet.`
              }
            />
          ) : (
            <>
              <ListCount>
                {data.totalRows}{' '}
                {data.totalRows === 1 ? entity.singular.toLowerCase() : entity.label.toLowerCase()}
              </ListCount>
              <DataTable
                caption={entity.label}
                columns={columns}
                rows={data.data}
                rowKey={(row) => String(row.id)}
              />
              <Pager page={page} totalRows={data.totalRows} pageSize={data.pageSize} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </AdminPage>
  );
}
