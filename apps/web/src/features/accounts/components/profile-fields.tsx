import { certYearOptions, GENDERS, Texts } from '@opence/shared';
import type { TAccountItemsResponse } from '@opence/shared/schemas';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CheckboxField, SelectField, TextField, type TOption } from '../../../components/ui/field.tsx';

/*
 * The fields the registration and profile forms share (01 §5), in the order a person fills
 * them in: who they are, how to reach them, their office, then the questions asked only for
 * statistics, each group saying why it is asked (decision 1034). The lists come from
 * account-items; the graduation years from certYearOptions.
 */

export type TProfileFieldName =
  | 'title'
  | 'firstname'
  | 'lastname'
  | 'jobTitle'
  | 'officeName'
  | 'address'
  | 'city'
  | 'state'
  | 'zip'
  | 'country'
  | 'phone'
  | 'isPhoneMobile'
  | 'email'
  | 'email2'
  | 'agdNumber'
  | 'certYear'
  | 'gender'
  | 'ageRange'
  | 'officeSize';

type TProps = {
  idPrefix: string;
  field: (name: TProfileFieldName) => UseFormRegisterReturn;
  errorOf: (name: TProfileFieldName) => string | undefined;
  items: TAccountItemsResponse | undefined;
  /** The home e-mail is on the profile only. */
  withEmail2?: boolean;
  /** Under the home e-mail: whether it is confirmed (docs/decisions/0931). */
  email2Hint?: ReactNode;
};

const YEARS: TOption[] = certYearOptions().map((y) => ({ value: String(y), label: String(y) }));
const GENDER_OPTIONS: TOption[] = GENDERS.map((g) => ({ value: g.value, label: g.label }));

export function ProfileFields({ idPrefix, field, errorOf, items, withEmail2 = false, email2Hint }: TProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const common = (name: TProfileFieldName) => ({
    id: id(name),
    registration: field(name),
    error: errorOf(name),
  });
  return (
    <>
      <fieldset className="form-section">
        <legend>About you</legend>
        <p className="field-hint form-section-why">{Texts.WHY_NAME}</p>
        <div className="form-grid">
          <SelectField label="Title" options={items?.titles ?? []} {...common('title')} />
          <TextField label="First name" autoComplete="given-name" {...common('firstname')} />
          <TextField label="Last name" autoComplete="family-name" {...common('lastname')} />
          <TextField
            label="AGD number (optional)"
            inputMode="numeric"
            hint="5 to 9 digits. Your credits are reported to the AGD each week."
            {...common('agdNumber')}
          />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>Contact</legend>
        <div className="form-grid">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            hint={Texts.WHY_EMAIL}
            {...common('email')}
          />
          {withEmail2 && (
            <TextField
              label="Home email (optional)"
              type="email"
              autoComplete="off"
              hint={email2Hint}
              {...common('email2')}
            />
          )}
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            hint={Texts.WHY_PHONE}
            {...common('phone')}
          />
          <CheckboxField label="This is a mobile phone" {...common('isPhoneMobile')} />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>Office</legend>
        <p className="field-hint form-section-why">{Texts.WHY_OFFICE}</p>
        <div className="form-grid">
          <TextField label="Office name" autoComplete="organization" {...common('officeName')} />
          <TextField label="Address" autoComplete="street-address" {...common('address')} />
          <TextField label="City" autoComplete="address-level2" {...common('city')} />
          <SelectField label="State" options={items?.states ?? []} {...common('state')} />
          <TextField label="Zip code" autoComplete="postal-code" {...common('zip')} />
          <SelectField label="Country" options={items?.countries ?? []} {...common('country')} />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>Your practice in numbers</legend>
        <p className="field-hint form-section-why">{Texts.WHY_STATS}</p>
        <div className="form-grid">
          <SelectField label="Position" options={items?.jobTitles ?? []} {...common('jobTitle')} />
          <SelectField label="Office size" options={items?.officeSizes ?? []} {...common('officeSize')} />
          <SelectField label="Graduation year" options={YEARS} {...common('certYear')} />
          <SelectField label="Age range" options={items?.ageRanges ?? []} {...common('ageRange')} />
          <SelectField label="Gender" options={GENDER_OPTIONS} {...common('gender')} />
        </div>
      </fieldset>
    </>
  );
}
