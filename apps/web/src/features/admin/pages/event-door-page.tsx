import { useParams } from 'react-router';
import { LocalTime } from '../../../components/ui/local-time.tsx';
import { useDoorCodes } from '../api/event-scans.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { QueryState } from '../components/query-state.tsx';

/*
 * The door screen of an in-person event that uses scanning (issue 42): the entry and the exit QR
 * codes side by side (one above the other on a narrow screen) with their typed codes, asked again
 * as each window ends, so a photo of them shared outside the room soon stops working (1155).
 */

function DoorCode({ label, code, qrSvg }: { label: string; code: string; qrSvg: string }) {
  return (
    <figure className="card door-code">
      <figcaption className="door-code-label">{label}</figcaption>
      {/* The server's own QR drawing (the qrcode package's SVG), of the scan page's address. */}
      <div
        className="door-code-qr"
        role="img"
        aria-label={`QR code: ${label}`}
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <p className="door-code-text">{code}</p>
    </figure>
  );
}

export function EventDoorPage() {
  const { id = '' } = useParams();
  const codes = useDoorCodes(id);
  return (
    <AdminPage
      title={`Door screen${codes.data ? `: ${codes.data.title}` : ''}`}
      back={{ to: `/admin/events/${id}`, label: 'The event' }}
    >
      <QueryState query={codes}>
        {(data) => (
          <div className="stack">
            <p className="admin-note" aria-live="polite">
              Scan with your phone’s camera, or type the code at /scan. The codes change every{' '}
              {data.rotationMin} minutes; these until <LocalTime iso={data.windowEndsAt} format="dateTime" />.
            </p>
            <div className="door-codes">
              <DoorCode label="Entry: scan in" code={data.entry.code} qrSvg={data.entry.qrSvg} />
              <DoorCode label="Exit: scan out" code={data.exit.code} qrSvg={data.exit.qrSvg} />
            </div>
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
