import { RECORDING_FORM } from '@opence/shared/schemas';
import { useParams } from 'react-router';
import { useEntityRow } from '../api/entities.ts';
import { useAttachRecording } from '../api/operations.ts';
import { AdminForm } from '../components/admin-form.tsx';
import { AdminPage } from '../components/admin-page.tsx';
import { QueryState } from '../components/query-state.tsx';

/** Attaches the recording of a live class that has ended: it becomes a produced playback (03 §4). */
export function RecordingPage() {
  const { id = '' } = useParams();
  const cls = useEntityRow('classes', id);
  const attach = useAttachRecording(id);
  return (
    <AdminPage
      title={`Recording: ${String(cls.data?.title ?? '…')}`}
      back={{ to: `/admin/classes/${id}`, label: 'Class' }}
    >
      <p>
        Once attached, the class leaves “Video Upcoming” and members can watch the playback and take the exam
        for self-study credit.
      </p>
      <QueryState query={cls}>
        {(row) => (
          <AdminForm
            form={RECORDING_FORM}
            values={{ youtubeUrl: row.youtubeUrl ?? '', videoUrl: row.videoUrl ?? '' }}
            submitLabel="Attach recording"
            onSubmit={async (values) => {
              await attach.mutateAsync(values);
              return values;
            }}
          />
        )}
      </QueryState>
    </AdminPage>
  );
}
