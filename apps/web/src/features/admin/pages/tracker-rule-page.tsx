import {
  requirementKind,
  TRACKER_MANDATORY_TOPICS,
  TRACKER_REQUIREMENT_KINDS,
  TRACKER_TOPIC_LABELS,
  type TRequirementKind,
} from '@opence/shared';
import type { TTrackerRuleInput, TTrackerStaffRule } from '@opence/shared/schemas';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { useSaveTrackerRule, useTrackerRule } from '../api/tracker-rules.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { QueryState } from '../components/query-state.tsx';
import { LICENCE_TYPES } from './tracker-rules-page.tsx';
import { SubmitButton } from '../../../components/ui/form.tsx';

/*
 * One CE requirement rule (issue 23): the numbers, the mandatory topics, the sources and the day
 * staff verified it against them. Saving records who verified it; the audit log keeps what changed.
 * Blank numbers are unknown (the tracker then does not hold members to them).
 */

const NOTE_CATEGORIES: Record<string, string> = {
  choice_group: 'A choice of topics (shown as a note)',
  sedation_permit: 'Sedation permit holders (note)',
  permit_specific: 'Other permit holders (note)',
};
const CAP_TOPICS: [string, string][] = Object.entries(TRACKER_TOPIC_LABELS);
/** What a requirement is (issue 36): staff set it where the wording misleads the reading. */
const KIND_LABELS: Record<TRequirementKind, string> = {
  hours: 'Hours',
  course: 'A course, no hours',
  once: 'A one-off course',
  card: 'A card (CPR/BLS)',
  assessment: 'The board’s assessment',
  note: 'A note, not tracked',
};
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const CATEGORIES: [string, string][] = [
  ...TRACKER_MANDATORY_TOPICS.map((c): [string, string] => [c, TRACKER_TOPIC_LABELS[c] ?? c]),
  ...Object.entries(NOTE_CATEGORIES),
];

type TTopicRow = {
  topic: string;
  category: string;
  hours: string;
  frequency: string;
  appliesTo: string;
  note: string;
  /** '' = read from the wording. */
  kind: string;
};
type TForm = {
  cycleYears: string;
  totalHours: string;
  selfStudyMaxHours: string;
  selfStudyMaxPercent: string;
  selfStudyNoLimit: string;
  liveMinHours: string;
  liveWebinarCountsAsLive: string;
  carryOverAllowed: string;
  carryOverMaxHours: string;
  notes: string;
  sources: string;
  verifiedOn: string;
  hourMinutes: string;
  mandatory: TTopicRow[];
  categoryCaps: { topic: string; maxHours: string; note: string }[];
  firstPeriodExempt: string;
  anchorMonth: string;
  anchorDay: string;
  anchorParity: string;
  anchorConfirmed: string;
};

const text = (n: number | null) => (n === null ? '' : String(n));
const tri = (b: boolean | null) => (b === null ? '' : b ? 'yes' : 'no');
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));
const flagOrNull = (v: string) => (v === '' ? null : v === 'yes');
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function formOf(rule: TTrackerStaffRule): TForm {
  return {
    cycleYears: text(rule.cycleYears),
    totalHours: text(rule.totalHours),
    selfStudyMaxHours: text(rule.selfStudyMaxHours),
    selfStudyMaxPercent: text(rule.selfStudyMaxPercent),
    selfStudyNoLimit: tri(rule.selfStudyNoLimit),
    liveMinHours: text(rule.liveMinHours),
    liveWebinarCountsAsLive: tri(rule.liveWebinarCountsAsLive),
    carryOverAllowed: tri(rule.carryOverAllowed),
    carryOverMaxHours: text(rule.carryOverMaxHours),
    notes: rule.notes ?? '',
    sources: rule.sources.join('\n'),
    verifiedOn: localToday(),
    hourMinutes: text(rule.hourMinutes),
    categoryCaps: rule.categoryCaps.map((c) => ({
      topic: c.topic,
      maxHours: String(c.maxHours),
      note: c.note ?? '',
    })),
    firstPeriodExempt: tri(rule.firstPeriodExempt),
    anchorMonth: text(rule.anchorMonth),
    anchorDay: text(rule.anchorDay),
    anchorParity: rule.anchorParity ?? '',
    anchorConfirmed: rule.anchorConfirmed ? 'yes' : 'no',
    mandatory: rule.mandatory.map((m) => ({
      topic: m.topic,
      category: m.category,
      hours: text(m.hours),
      frequency: m.frequency ?? '',
      appliesTo: m.appliesTo ?? '',
      note: m.note ?? '',
      kind: m.kind ?? '',
    })),
  };
}

function bodyOf(f: TForm): TTrackerRuleInput {
  return {
    cycleYears: numberOrNull(f.cycleYears),
    totalHours: numberOrNull(f.totalHours),
    selfStudyMaxHours: numberOrNull(f.selfStudyMaxHours),
    selfStudyMaxPercent: numberOrNull(f.selfStudyMaxPercent),
    selfStudyNoLimit: flagOrNull(f.selfStudyNoLimit),
    liveMinHours: numberOrNull(f.liveMinHours),
    liveWebinarCountsAsLive: flagOrNull(f.liveWebinarCountsAsLive),
    carryOverAllowed: flagOrNull(f.carryOverAllowed),
    carryOverMaxHours: numberOrNull(f.carryOverMaxHours),
    notes: f.notes,
    sources: f.sources
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
    verifiedOn: f.verifiedOn,
    hourMinutes: f.hourMinutes === '50' ? 50 : f.hourMinutes === '60' ? 60 : null,
    categoryCaps: f.categoryCaps.map((c) => ({
      topic: c.topic,
      maxHours: Number(c.maxHours || 0),
      note: c.note,
    })),
    firstPeriodExempt: flagOrNull(f.firstPeriodExempt),
    anchorMonth: numberOrNull(f.anchorMonth),
    anchorDay: numberOrNull(f.anchorDay),
    anchorParity:
      f.anchorParity === 'odd' || f.anchorParity === 'even' || f.anchorParity === 'birth_year'
        ? f.anchorParity
        : null,
    anchorConfirmed: f.anchorConfirmed === 'yes',
    mandatory: f.mandatory.map((m) => ({
      topic: m.topic,
      category: m.category,
      hours: numberOrNull(m.hours),
      frequency: m.frequency,
      appliesTo: m.appliesTo,
      note: m.note,
      kind: (TRACKER_REQUIREMENT_KINDS as readonly string[]).includes(m.kind)
        ? (m.kind as TRequirementKind)
        : null,
    })),
  };
}

export function TrackerRulePage() {
  const { id = '' } = useParams();
  const rule = useTrackerRule(id);
  return <QueryState query={rule}>{(d) => <RuleForm key={d.rule.id} rule={d.rule} />}</QueryState>;
}

function RuleForm({ rule }: { rule: TTrackerStaffRule }) {
  const [form, setForm] = useState<TForm>(() => formOf(rule));
  const save = useSaveTrackerRule(rule.id);
  type TPlain = keyof Omit<TForm, 'mandatory' | 'categoryCaps'>;
  const set = (name: TPlain) => ({
    id: `rule-${name}`,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });
  const setRow = (i: number, name: keyof TTopicRow, value: string) =>
    setForm((f) => ({ ...f, mandatory: f.mandatory.map((m, j) => (j === i ? { ...m, [name]: value } : m)) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The form shows what the server kept (trimmed, blanks as unknown) once it is saved.
    save.mutate(bodyOf(form), { onSuccess: (saved) => setForm(formOf(saved.rule)) });
  };
  const title = `${rule.state} · ${LICENCE_TYPES[rule.licenceType] ?? rule.licenceType}`;
  const setCap = (i: number, name: 'topic' | 'maxHours' | 'note', value: string) =>
    setForm((f) => ({
      ...f,
      categoryCaps: f.categoryCaps.map((c, j) => (j === i ? { ...c, [name]: value } : c)),
    }));
  const number = (name: keyof Omit<TForm, 'mandatory' | 'categoryCaps'>, label: string) => (
    <div className="field">
      <label htmlFor={`rule-${name}`}>{label}</label>
      <input type="number" min="0" step="any" inputMode="decimal" {...set(name)} />
    </div>
  );
  const yesNo = (name: keyof Omit<TForm, 'mandatory' | 'categoryCaps'>, label: string) => (
    <div className="field">
      <label htmlFor={`rule-${name}`}>{label}</label>
      <select {...set(name)}>
        <option value="">Unknown</option>
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </select>
    </div>
  );
  return (
    <AdminPage
      title={`CE rule: ${title}`}
      back={{ to: '/admin/tracker-rules', label: 'CE requirement rules' }}
    >
      <p className="admin-note">
        Confidence: {rule.confidence}.{' '}
        {rule.verifiedOn
          ? `Last verified on ${rule.verifiedOn}${rule.verifiedBy ? ` by ${rule.verifiedBy}` : ''}.`
          : 'Not yet verified by staff.'}
      </p>
      {save.isSuccess && (
        <Alert kind="success">
          Saved. Verified on {save.data.rule.verifiedOn}
          {save.data.rule.verifiedBy ? ` by ${save.data.rule.verifiedBy}` : ''}.
        </Alert>
      )}
      {save.error && <Alert>{save.error.message}</Alert>}
      <form className="admin-form" aria-label={`CE rule ${title}`} onSubmit={submit}>
        <fieldset className="admin-fieldset">
          <legend>Hours</legend>
          {number('cycleYears', 'Cycle (years)')}
          {number('totalHours', 'Total hours per cycle')}
          {number('selfStudyMaxHours', 'Self-study maximum (hours)')}
          {number('selfStudyMaxPercent', 'Self-study maximum (% of the total)')}
          {yesNo('selfStudyNoLimit', 'No self-study limit')}
          {number('liveMinHours', 'Live minimum (hours)')}
          {yesNo('liveWebinarCountsAsLive', 'Live webinars count as live')}
          {yesNo('carryOverAllowed', 'Carry-over allowed')}
          {yesNo('firstPeriodExempt', 'No CE required in a license’s first period')}
          {number('carryOverMaxHours', 'Carry-over maximum (hours)')}
          <div className="field">
            <label htmlFor="rule-hourMinutes">Minutes in one hour of credit</label>
            <select {...set('hourMinutes')}>
              <option value="">60 (not stated)</option>
              <option value="60">60</option>
              <option value="50">50 (contact hours of 50 minutes)</option>
            </select>
          </div>
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>When a CE period ends</legend>
          <p className="admin-note">
            The source says: {rule.cycleAnchor ?? 'nothing'} ({rule.anchorType ?? 'no anchor type'}). Members
            are asked when their license renews unless the period’s end is confirmed here.
          </p>
          <div className="field">
            <label htmlFor="rule-anchorMonth">Month the period ends</label>
            <select {...set('anchorMonth')}>
              <option value="">Not known</option>
              {MONTH_NAMES.map((m, i) => (
                <option key={m} value={String(i + 1)}>
                  {m}
                </option>
              ))}
            </select>
          </div>
          {number('anchorDay', 'Day of the month it ends')}
          <div className="field">
            <label htmlFor="rule-anchorParity">Years it ends in</label>
            <select {...set('anchorParity')}>
              <option value="">Not known: ask the year</option>
              <option value="odd">Odd years</option>
              <option value="even">Even years</option>
              <option value="birth_year">As the birth year</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="rule-anchorConfirmed">The sources state it</label>
            <select {...set('anchorConfirmed')}>
              <option value="no">No: ask the member</option>
              <option value="yes">Yes: propose the period</option>
            </select>
          </div>
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>Topics counted only up to a limit</legend>
          {form.categoryCaps.map((c, i) => (
            <div className="links-row" key={i} role="group" aria-label={`Limit ${i + 1}`}>
              <label htmlFor={`rule-cap${i}-topic`}>Topic</label>
              <select
                id={`rule-cap${i}-topic`}
                value={c.topic}
                onChange={(e) => setCap(i, 'topic', e.target.value)}
              >
                {CAP_TOPICS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
              <label htmlFor={`rule-cap${i}-max`}>At most (hours toward the total; 0: not counted)</label>
              <input
                id={`rule-cap${i}-max`}
                type="number"
                min="0"
                step="any"
                inputMode="decimal"
                value={c.maxHours}
                onChange={(e) => setCap(i, 'maxHours', e.target.value)}
              />
              <label htmlFor={`rule-cap${i}-note`}>The source’s words</label>
              <input
                id={`rule-cap${i}-note`}
                value={c.note}
                onChange={(e) => setCap(i, 'note', e.target.value)}
              />
              <div>
                <Button
                  variant="link"
                  onClick={() =>
                    setForm((f) => ({ ...f, categoryCaps: f.categoryCaps.filter((_, j) => j !== i) }))
                  }
                >
                  Remove limit {i + 1}
                </Button>
              </div>
            </div>
          ))}
          <div className="admin-form-actions">
            <Button
              variant="secondary"
              onClick={() =>
                setForm((f) => ({
                  ...f,
                  categoryCaps: [...f.categoryCaps, { topic: 'cpr_bls', maxHours: '', note: '' }],
                }))
              }
            >
              Add a limit
            </Button>
          </div>
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>Mandatory topics</legend>
          {form.mandatory.length === 0 && <p className="admin-note">No mandatory topic.</p>}
          {form.mandatory.map((m, i) => (
            <div className="links-row" key={i} role="group" aria-label={`Mandatory topic ${i + 1}`}>
              <label htmlFor={`rule-m${i}-topic`}>Topic as the board words it</label>
              <input
                id={`rule-m${i}-topic`}
                value={m.topic}
                onChange={(e) => setRow(i, 'topic', e.target.value)}
              />
              <label htmlFor={`rule-m${i}-category`}>Counts as</label>
              <select
                id={`rule-m${i}-category`}
                value={m.category}
                onChange={(e) => setRow(i, 'category', e.target.value)}
              >
                {CATEGORIES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
              <label htmlFor={`rule-m${i}-kind`}>What it is</label>
              <select
                id={`rule-m${i}-kind`}
                value={m.kind}
                onChange={(e) => setRow(i, 'kind', e.target.value)}
              >
                <option value="">
                  As worded:{' '}
                  {
                    KIND_LABELS[
                      requirementKind({
                        topic: m.topic,
                        category: m.category,
                        hours: numberOrNull(m.hours),
                        frequency: m.frequency,
                      })
                    ]
                  }
                </option>
                {TRACKER_REQUIREMENT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {KIND_LABELS[k]}
                  </option>
                ))}
              </select>
              <label htmlFor={`rule-m${i}-hours`}>Hours (blank: a card or a course, no figure)</label>
              <input
                id={`rule-m${i}-hours`}
                type="number"
                min="0"
                step="any"
                inputMode="decimal"
                value={m.hours}
                onChange={(e) => setRow(i, 'hours', e.target.value)}
              />
              <label htmlFor={`rule-m${i}-frequency`}>How often</label>
              <input
                id={`rule-m${i}-frequency`}
                value={m.frequency}
                onChange={(e) => setRow(i, 'frequency', e.target.value)}
              />
              <label htmlFor={`rule-m${i}-appliesTo`}>Only for (blank: every licensee)</label>
              <input
                id={`rule-m${i}-appliesTo`}
                value={m.appliesTo}
                onChange={(e) => setRow(i, 'appliesTo', e.target.value)}
              />
              <label htmlFor={`rule-m${i}-note`}>Note</label>
              <input
                id={`rule-m${i}-note`}
                value={m.note}
                onChange={(e) => setRow(i, 'note', e.target.value)}
              />
              <div>
                <Button
                  variant="link"
                  onClick={() => setForm((f) => ({ ...f, mandatory: f.mandatory.filter((_, j) => j !== i) }))}
                >
                  Remove topic {i + 1}
                </Button>
              </div>
            </div>
          ))}
          <div className="admin-form-actions">
            <Button
              variant="secondary"
              onClick={() =>
                setForm((f) => ({
                  ...f,
                  mandatory: [
                    ...f.mandatory,
                    {
                      topic: '',
                      category: 'infection_control',
                      hours: '',
                      frequency: '',
                      appliesTo: '',
                      note: '',
                      kind: '',
                    },
                  ],
                }))
              }
            >
              Add a topic
            </Button>
          </div>
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>Sources</legend>
          <div className="field">
            <label htmlFor="rule-sources">Source addresses, one per line, best first</label>
            <textarea rows={4} {...set('sources')} />
          </div>
          <div className="field">
            <label htmlFor="rule-notes">Notes</label>
            <textarea rows={4} {...set('notes')} />
          </div>
          <div className="field">
            <label htmlFor="rule-verifiedOn">Verified against the sources on</label>
            <input type="date" required {...set('verifiedOn')} />
          </div>
        </fieldset>
        <div className="admin-form-actions">
          <SubmitButton isPending={save.isPending} pendingLabel="Saving…">
            Save and mark verified
          </SubmitButton>
        </div>
      </form>
    </AdminPage>
  );
}
