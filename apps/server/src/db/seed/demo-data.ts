/*
 * The demo catalogue as plain data (03 §11): fictional companies, speakers and courses with
 * plausible dental CE wording. demo-content.ts turns these tables into rows; nothing here
 * touches the database. Rows refer to each other by short keys, resolved to ids when seeding.
 */

export type TCategoryKey =
  'implants' | 'endo' | 'perio' | 'ortho' | 'infection' | 'practice' | 'pediatric' | 'cosmetic';

export type TCategoryDef = {
  key: TCategoryKey;
  name: string;
  /** AGD subject code and name, as on certificates (illustrative; staff should verify). */
  agdCode: string;
  agdName: string;
  /** Picture hue, so each subject has its own colour across the site. */
  hue: number;
};

export const CATEGORIES: readonly TCategoryDef[] = [
  { key: 'implants', name: 'Implants', agdCode: '690', agdName: 'Implants', hue: 205 },
  { key: 'endo', name: 'Endodontics', agdCode: '070', agdName: 'Endodontics', hue: 350 },
  { key: 'perio', name: 'Periodontics', agdCode: '490', agdName: 'Periodontics', hue: 150 },
  { key: 'ortho', name: 'Orthodontics', agdCode: '370', agdName: 'Orthodontics', hue: 265 },
  { key: 'infection', name: 'Infection Control', agdCode: '148', agdName: 'Infection Control', hue: 175 },
  { key: 'practice', name: 'Practice Management', agdCode: '550', agdName: 'Practice Management', hue: 30 },
  { key: 'pediatric', name: 'Pediatric Dentistry', agdCode: '430', agdName: 'Pediatric Dentistry', hue: 45 },
  { key: 'cosmetic', name: 'Cosmetic Dentistry', agdCode: '780', agdName: 'Esthetics', hue: 320 },
];

/** Category wording reused by every course of that subject, so descriptions read naturally. */
export const CATEGORY_TEXT: Record<
  TCategoryKey,
  { context: string; practice: string; objectives: string[] }
> = {
  implants: {
    context:
      'Implant therapy has become a routine part of general practice, and long-term success depends as much on planning and maintenance as on the surgery itself.',
    practice:
      'Using clinical photographs, CBCT images and case timelines, the presenter walks through the decisions that shape predictable outcomes: site assessment, prosthetic-driven planning, soft tissue management and the maintenance schedule that keeps implants healthy for decades.',
    objectives: [
      'Assess bone volume and soft tissue quality when planning an implant site',
      'Describe a prosthetically driven workflow from diagnosis to final restoration',
      'Recognize early signs of peri-implant mucositis and peri-implantitis',
      'Select appropriate restorative components for common clinical situations',
      'Build a recall and home-care plan for implant patients',
    ],
  },
  endo: {
    context:
      'Endodontic treatment saves millions of teeth every year, yet diagnosis, canal disinfection and the final restoration remain the points where cases most often go wrong.',
    practice:
      'The course combines radiographs, clinical video and literature review to show how current instruments, irrigants and obturation techniques fit together, and when a case is best referred.',
    objectives: [
      'Apply pulp and periapical diagnostic terminology consistently',
      'Compare current irrigation and activation protocols',
      'Explain how canal anatomy influences instrumentation choices',
      'Identify cases that warrant referral to an endodontist',
      'Plan the coronal restoration that protects a treated tooth',
    ],
  },
  perio: {
    context:
      'Periodontal disease affects nearly half of adults over thirty, and the hygiene appointment is where most of it is found, staged and controlled.',
    practice:
      'Drawing on the current classification and recent systematic reviews, the presenter shows how to turn charting data into a diagnosis, a treatment plan and a conversation the patient understands.',
    objectives: [
      'Stage and grade periodontitis using the current classification',
      'Select adjunctive therapies based on current evidence',
      'Explain the links between periodontal and systemic health to patients',
      'Document periodontal findings to support treatment and insurance claims',
      'Design an individualized periodontal maintenance interval',
    ],
  },
  ortho: {
    context:
      'More general dentists now offer orthodontic treatment, and every dentist screens growing patients whose problems are easier to correct when caught early.',
    practice:
      'With case photographs and progress records, the presenter reviews diagnosis, case selection and retention, and discusses where the evidence is strong and where it is still developing.',
    objectives: [
      'Perform a basic orthodontic screening and record key findings',
      'Distinguish simple from complex cases for appropriate referral',
      'Describe the biomechanics behind common tooth movements',
      'Explain retention options and their long-term trade-offs',
      'Discuss treatment expectations clearly with patients and parents',
    ],
  },
  infection: {
    context:
      'Infection prevention protects patients and the dental team alike, and it is one of the areas inspectors and licensing boards look at most closely.',
    practice:
      'The course translates CDC and OSHA guidance into everyday routines at the chair and in the sterilization area, with checklists the whole team can adopt the next day.',
    objectives: [
      'Summarize current CDC recommendations for dental settings',
      'Describe the steps of instrument processing from chairside to storage',
      'Select and use personal protective equipment appropriately',
      'Maintain the records an inspection or audit will ask for',
      'Train new team members in standard precautions',
    ],
  },
  practice: {
    context:
      'Clinical excellence only reaches patients when the practice around it runs well: scheduling, communication, billing and team culture all shape the care delivered.',
    practice:
      'Through real office scenarios and simple metrics, the presenter shows practical changes that reduce stress, improve the patient experience and keep the schedule productive.',
    objectives: [
      'Identify the key performance indicators of a dental practice',
      'Apply communication techniques that improve case acceptance',
      'Reduce schedule disruptions with clear policies and follow-up',
      'Recognize compliance obligations for patient records and privacy',
      'Build a feedback routine that supports the whole team',
    ],
  },
  pediatric: {
    context:
      'Early childhood caries remains the most common chronic disease of childhood, and the first dental visits set the tone for a lifetime of oral health.',
    practice:
      'The presenter covers risk assessment, minimally invasive treatment and behavior guidance, with practical tips for involving parents and caregivers.',
    objectives: [
      'Perform a caries risk assessment for infants and children',
      'Select preventive agents appropriate to age and risk',
      'Use non-pharmacological behavior guidance techniques',
      'Explain home-care and dietary advice to parents',
      'Recognize developmental findings that require referral',
    ],
  },
  cosmetic: {
    context:
      'Patients increasingly ask for esthetic improvements, and conservative techniques now make beautiful results possible with far less tooth reduction than in the past.',
    practice:
      'Step-by-step clinical sequences show how to plan, communicate and deliver esthetic treatment, from shade selection to finishing and polishing.',
    objectives: [
      'Analyze smile esthetics using facial and dental reference points',
      'Select materials and shades for natural-looking restorations',
      'Plan conservative preparations that preserve enamel',
      'Manage patient expectations with mock-ups and photography',
      'Finish and polish restorations for lasting luster',
    ],
  },
};

export type TCompanyKey =
  'threeM' | 'brightsmile' | 'apex' | 'clearpath' | 'sterilux' | 'perioguard' | 'molarity' | 'littleteeth';

export type TCompanyDef = { key: TCompanyKey; name: string; website: string; hue: number };

// Fictional sponsors; '3M Oral Care Demo' exists so the special '3m' search term finds something.
export const COMPANIES: readonly TCompanyDef[] = [
  { key: 'threeM', name: '3M Oral Care Demo', website: 'https://3m-oral-care.example.com', hue: 0 },
  {
    key: 'brightsmile',
    name: 'BrightSmile Dental Supply',
    website: 'https://brightsmile.example.com',
    hue: 195,
  },
  { key: 'apex', name: 'Apex Implant Systems', website: 'https://apex-implants.example.com', hue: 215 },
  { key: 'clearpath', name: 'ClearPath Aligners', website: 'https://clearpath.example.com', hue: 270 },
  { key: 'sterilux', name: 'Sterilux Infection Control', website: 'https://sterilux.example.com', hue: 170 },
  { key: 'perioguard', name: 'PerioGuard Labs', website: 'https://perioguard.example.com', hue: 140 },
  { key: 'molarity', name: 'Molarity Practice Software', website: 'https://molarity.example.com', hue: 25 },
  {
    key: 'littleteeth',
    name: 'Little Teeth Pediatric Products',
    website: 'https://littleteeth.example.com',
    hue: 50,
  },
];

export type TSpeakerKey =
  | 'alvarez'
  | 'okafor'
  | 'lee'
  | 'raman'
  | 'becker'
  | 'whitfield'
  | 'greene'
  | 'karimi'
  | 'lindqvist'
  | 'torres';

export type TSpeakerDef = { key: TSpeakerKey; name: string; credentials: string; hue: number; bio: string };

export const SPEAKERS: readonly TSpeakerDef[] = [
  {
    key: 'alvarez',
    name: 'Maria Alvarez',
    credentials: 'DDS, MS',
    hue: 150,
    bio: 'Dr. Alvarez is a board-certified periodontist in private practice in Austin, Texas, and a clinical assistant professor of periodontics. She lectures nationally on peri-implant disease and minimally invasive periodontal surgery.',
  },
  {
    key: 'okafor',
    name: 'James Okafor',
    credentials: 'DMD, FAGD',
    hue: 205,
    bio: 'Dr. Okafor has placed and restored implants in general practice for over fifteen years. He is a Fellow of the Academy of General Dentistry and directs a hands-on implant study club in Atlanta.',
  },
  {
    key: 'lee',
    name: 'Jennifer Lee',
    credentials: 'RDH, BS',
    hue: 120,
    bio: 'Jennifer Lee is a practicing dental hygienist and educator with twenty years of clinical experience. She writes and speaks about implant maintenance, biofilm management and ergonomics for hygienists.',
  },
  {
    key: 'raman',
    name: 'Priya Raman',
    credentials: 'DDS, MS',
    hue: 350,
    bio: 'Dr. Raman is an endodontist in group practice in Chicago and a former program director of a postgraduate endodontic residency. Her research interests include irrigation dynamics and vital pulp therapy.',
  },
  {
    key: 'becker',
    name: 'Thomas Becker',
    credentials: 'DDS, MBA',
    hue: 30,
    bio: 'Dr. Becker owned a four-dentist practice for two decades before becoming a practice management consultant. He helps teams improve scheduling, case acceptance and leadership.',
  },
  {
    key: 'whitfield',
    name: 'Karen Whitfield',
    credentials: 'CDA, RDA',
    hue: 175,
    bio: 'Karen Whitfield is a certified dental assistant and infection prevention consultant. She has trained hundreds of dental teams on sterilization, waterline maintenance and OSHA compliance.',
  },
  {
    key: 'greene',
    name: 'Samuel Greene',
    credentials: 'DMD, MS',
    hue: 265,
    bio: 'Dr. Greene is a board-certified orthodontist who mentors general dentists in clear aligner therapy. He practices in Denver and teaches orthodontic case selection at continuing education meetings.',
  },
  {
    key: 'karimi',
    name: 'Aisha Karimi',
    credentials: 'DDS, MSD',
    hue: 45,
    bio: 'Dr. Karimi is a pediatric dentist and diplomate of the American Board of Pediatric Dentistry. She practices in a community health center and advocates for early preventive care.',
  },
  {
    key: 'lindqvist',
    name: 'Robert Lindqvist',
    credentials: 'DDS, AAACD',
    hue: 320,
    bio: 'Dr. Lindqvist is an accredited member of the American Academy of Cosmetic Dentistry. His practice in Seattle focuses on conservative esthetic dentistry and digital smile design.',
  },
  {
    key: 'torres',
    name: 'Michelle Torres',
    credentials: 'RDH, MPH',
    hue: 90,
    bio: 'Michelle Torres is a dental hygienist with a master’s degree in public health. She works on community prevention programs and teaches clinical ergonomics to hygiene students.',
  },
];

/** A course of any kind; live, premium and tutorial rows add their own fields. */
export type TCourseDef = {
  title: string;
  /** One sentence for lists and cards. */
  blurb: string;
  category: TCategoryKey;
  extraCategory?: TCategoryKey;
  speaker: TSpeakerKey;
  company: TCompanyKey;
  credits: number;
};

/** When a live class starts, relative to now: in so many minutes, or on a later day at an hour UTC. */
export type TLiveStart = { minutes: number } | { days: number; utcHour: number };

export type TLiveCourseDef = TCourseDef & {
  start: TLiveStart;
  /** null: unlimited. 'full' classes get their seats and a waitlist from the demo members. */
  capacity: number | null;
  full?: boolean;
  hasMeetingCode: boolean;
  privacy?: { title: string; blurb: string; learnmore: string };
};

export const LIVE_COURSES: readonly TLiveCourseDef[] = [
  {
    title: 'Same-Day Provisionals on Single Implants',
    blurb:
      'A chairside workflow for fabricating and delivering an esthetic provisional on the day of implant placement.',
    category: 'implants',
    speaker: 'okafor',
    company: 'apex',
    credits: 1,
    start: { minutes: 4 },
    capacity: null,
    hasMeetingCode: true,
  },
  {
    title: 'Peri-Implantitis: Prevention and Early Management',
    blurb:
      'How to spot peri-implant disease early and what the general practice team can do before referral.',
    category: 'perio',
    extraCategory: 'implants',
    speaker: 'alvarez',
    company: 'perioguard',
    credits: 1,
    start: { minutes: 120 },
    capacity: null,
    hasMeetingCode: true,
    privacy: {
      title: 'Hear from PerioGuard Labs?',
      blurb:
        'PerioGuard Labs, the commercial supporter of this webinar, would like to send you product information and samples. May we share your name and e-mail with them?',
      learnmore:
        'Your answer does not affect your seat or your credit. You can withdraw consent at any time from your account.',
    },
  },
  {
    title: 'Modern Rotary Files: Shaping Canals Safely',
    blurb: 'Heat-treated nickel-titanium files, glide paths and how to avoid separation in curved canals.',
    category: 'endo',
    speaker: 'raman',
    company: 'brightsmile',
    credits: 1,
    start: { days: 1, utcHour: 18 },
    capacity: 3,
    full: true,
    hasMeetingCode: true,
  },
  {
    title: 'Caries Risk Assessment for Young Children',
    blurb: 'Turning a five-minute risk assessment into a prevention plan parents will follow.',
    category: 'pediatric',
    speaker: 'karimi',
    company: 'littleteeth',
    credits: 1,
    start: { days: 4, utcHour: 23 },
    capacity: 50,
    hasMeetingCode: true,
  },
  {
    title: 'Instrument Processing: Ten Common Errors',
    blurb: 'The mistakes inspectors find most often in sterilization areas, and simple fixes for each.',
    category: 'infection',
    speaker: 'whitfield',
    company: 'sterilux',
    credits: 1,
    start: { days: 10, utcHour: 17 },
    capacity: null,
    hasMeetingCode: true,
  },
  {
    title: 'Dental KPIs Every Office Manager Should Track',
    blurb: 'Six numbers that tell you how your practice is really doing, and how to improve them.',
    category: 'practice',
    speaker: 'becker',
    company: 'molarity',
    credits: 1,
    start: { days: 19, utcHour: 0 },
    capacity: null,
    hasMeetingCode: false,
  },
];

/** The live class that ended three days ago and waits for its recording (03 §4). */
export const ARCHIVE_COURSE: TCourseDef = {
  title: 'Ergonomics for Clinicians: Protecting Your Back and Hands',
  blurb: 'Posture, magnification and instrument choices that keep clinicians practicing pain-free.',
  category: 'practice',
  extraCategory: 'perio',
  speaker: 'torres',
  company: 'threeM',
  credits: 1,
};

/** The live webinar the demo member attended nine days ago, credited live with its evidence (issue 42). */
export const PAST_WEBINAR_COURSE: TCourseDef = {
  title: 'Rubber Dam Isolation Made Routine: A Live Case Review',
  blurb: 'Clamp choice, quick placement and patient comfort, so isolation fits a busy schedule.',
  category: 'endo',
  speaker: 'okafor',
  company: 'brightsmile',
  credits: 1,
};

export const ON_DEMAND_COURSES: readonly TCourseDef[] = [
  {
    title: 'Implant Treatment Planning with CBCT',
    blurb: 'Read a CBCT scan for implant site assessment, from bone volume to vital structures.',
    category: 'implants',
    speaker: 'okafor',
    company: 'apex',
    credits: 2,
  },
  {
    title: 'Shade Matching in Anterior Composite Restorations',
    blurb: 'A layering approach that makes single-tooth composites disappear.',
    category: 'cosmetic',
    speaker: 'lindqvist',
    company: 'threeM',
    credits: 1.5,
  },
  {
    title: 'The 2017 Periodontal Classification Made Simple',
    blurb: 'Staging and grading explained with cases you see every week.',
    category: 'perio',
    speaker: 'alvarez',
    company: 'perioguard',
    credits: 1,
  },
  {
    title: 'Diagnosing Cracked Teeth: A Practical Approach',
    blurb: 'Bite tests, transillumination and probing patterns that reveal cracks early.',
    category: 'endo',
    speaker: 'raman',
    company: 'brightsmile',
    credits: 1,
  },
  {
    title: 'CDC Guidelines for Dental Unit Waterlines',
    blurb: 'Testing, treatment and record keeping for safe dental water.',
    category: 'infection',
    speaker: 'whitfield',
    company: 'sterilux',
    credits: 1,
  },
  {
    title: 'Clear Aligner Case Selection for General Dentists',
    blurb: 'Which malocclusions aligners treat predictably, and which to refer.',
    category: 'ortho',
    speaker: 'greene',
    company: 'clearpath',
    credits: 2,
  },
  {
    title: 'Case Acceptance Conversations That Work',
    blurb: 'Explain treatment in the patient’s terms and help them say yes to what they need.',
    category: 'practice',
    speaker: 'becker',
    company: 'molarity',
    credits: 1,
  },
  {
    title: 'Silver Diamine Fluoride in Pediatric Practice',
    blurb: 'Indications, consent and application technique for arresting caries in children.',
    category: 'pediatric',
    speaker: 'karimi',
    company: 'littleteeth',
    credits: 1,
  },
  {
    title: 'Immediate Implant Placement in the Esthetic Zone',
    blurb: 'Case selection and socket management for immediate anterior implants.',
    category: 'implants',
    extraCategory: 'cosmetic',
    speaker: 'okafor',
    company: 'apex',
    credits: 1.5,
  },
  {
    title: 'Irrigation Protocols That Improve Endodontic Outcomes',
    blurb: 'Sodium hypochlorite, EDTA and activation: what the evidence supports.',
    category: 'endo',
    speaker: 'raman',
    company: 'brightsmile',
    credits: 1.5,
  },
  {
    title: 'Local Antimicrobials as Adjuncts to Scaling and Root Planing',
    blurb: 'When locally delivered antimicrobials add benefit, and how to place them.',
    category: 'perio',
    speaker: 'lee',
    company: 'perioguard',
    credits: 1,
  },
  {
    title: 'Hand Hygiene and PPE: Doing the Basics Right',
    blurb: 'The everyday habits that prevent cross-contamination in the operatory.',
    category: 'infection',
    speaker: 'whitfield',
    company: 'sterilux',
    credits: 1,
  },
  {
    title: 'Interceptive Orthodontics: What to Look for at Age 7',
    blurb: 'Crossbites, crowding and habits worth treating early.',
    category: 'ortho',
    extraCategory: 'pediatric',
    speaker: 'greene',
    company: 'clearpath',
    credits: 1,
  },
  {
    title: 'Minimally Invasive Veneers: Planning to Cementation',
    blurb: 'Mock-ups, reduction guides and bonding protocols for thin veneers.',
    category: 'cosmetic',
    speaker: 'lindqvist',
    company: 'threeM',
    credits: 2,
  },
  {
    title: 'Reducing Broken Appointments and Last-Minute Cancellations',
    blurb: 'Policies, reminders and scripts that keep the schedule full.',
    category: 'practice',
    speaker: 'becker',
    company: 'molarity',
    credits: 1,
  },
  {
    title: 'Implant Maintenance for the Hygiene Team',
    blurb: 'Instruments, probing and home care for patients with implants.',
    category: 'implants',
    extraCategory: 'perio',
    speaker: 'lee',
    company: 'perioguard',
    credits: 1,
  },
  {
    title: 'Behavior Guidance for the Anxious Child',
    blurb: 'Tell-show-do, distraction and communication that build trust.',
    category: 'pediatric',
    speaker: 'karimi',
    company: 'littleteeth',
    credits: 1.5,
  },
  {
    title: 'The Oral-Systemic Link: Periodontitis and Diabetes',
    blurb: 'What the research says and how to talk about it with patients and physicians.',
    category: 'perio',
    speaker: 'alvarez',
    company: 'perioguard',
    credits: 1.5,
  },
  {
    title: 'Vital Pulp Therapy: When to Save the Pulp',
    blurb: 'Pulpotomy and pulp capping with calcium silicate materials.',
    category: 'endo',
    extraCategory: 'pediatric',
    speaker: 'raman',
    company: 'brightsmile',
    credits: 1,
  },
  {
    title: 'Sterilization Monitoring: Spore Tests, Indicators and Records',
    blurb: 'Mechanical, chemical and biological monitoring, and what to do after a failed test.',
    category: 'infection',
    speaker: 'whitfield',
    company: 'sterilux',
    credits: 1.5,
  },
  {
    title: 'Retention After Orthodontic Treatment',
    blurb: 'Fixed versus removable retainers and how long retention should last.',
    category: 'ortho',
    speaker: 'greene',
    company: 'clearpath',
    credits: 1,
  },
  {
    title: 'In-Office and At-Home Whitening: Protocols and Sensitivity',
    blurb: 'Choosing a whitening system and keeping patients comfortable.',
    category: 'cosmetic',
    speaker: 'lindqvist',
    company: 'threeM',
    credits: 1,
  },
  {
    title: 'Dental Insurance Coding Updates for the Front Office',
    blurb: 'This year’s code changes and the documentation that gets claims paid.',
    category: 'practice',
    speaker: 'becker',
    company: 'molarity',
    credits: 1.5,
  },
  {
    title: 'Guided Surgery: From Digital Plan to Placement',
    blurb: 'Scanning, planning software and surgical guides for accurate implant placement.',
    category: 'implants',
    speaker: 'okafor',
    company: 'apex',
    credits: 2,
  },
  {
    title: 'Fluoride Varnish and Sealants: Current Recommendations',
    blurb: 'Evidence-based prevention for children and high-risk adults.',
    category: 'pediatric',
    speaker: 'torres',
    company: 'littleteeth',
    credits: 1,
  },
  {
    title: 'Guided Biofilm Therapy in the Hygiene Chair',
    blurb: 'Disclosing, air polishing and ultrasonic debridement in a single workflow.',
    category: 'perio',
    speaker: 'lee',
    company: 'perioguard',
    credits: 1,
  },
  {
    title: 'Retreatment or Extraction? Making the Call',
    blurb: 'Prognosis factors that guide the choice between endodontic retreatment and an implant.',
    category: 'endo',
    extraCategory: 'implants',
    speaker: 'raman',
    company: 'brightsmile',
    credits: 2,
  },
  {
    title: 'Bloodborne Pathogens Training for the Dental Team',
    blurb: 'Annual OSHA training content: exposure control, sharps and post-exposure steps.',
    category: 'infection',
    speaker: 'whitfield',
    company: 'sterilux',
    credits: 2,
  },
  {
    title: 'Airway and Orthodontics: What the Evidence Says',
    blurb: 'Sleep-disordered breathing in children and the role of orthodontic treatment.',
    category: 'ortho',
    speaker: 'greene',
    company: 'clearpath',
    credits: 1.5,
  },
  {
    title: 'Building a Positive Team Culture',
    blurb: 'Meetings, feedback and recognition that keep good team members.',
    category: 'practice',
    speaker: 'becker',
    company: 'molarity',
    credits: 1,
  },
  {
    title: 'Digital Smile Design for the General Practice',
    blurb: 'Photography and design software to plan and present esthetic cases.',
    category: 'cosmetic',
    speaker: 'lindqvist',
    company: 'threeM',
    credits: 1.5,
  },
  {
    title: 'Soft Tissue Grafting for Recession Defects',
    blurb: 'Connective tissue grafts, tunnel techniques and graft substitutes compared.',
    category: 'perio',
    speaker: 'alvarez',
    company: 'perioguard',
    credits: 2,
  },
  {
    title: 'HIPAA Essentials for Dental Offices',
    blurb: 'Privacy and security rules every team member must know.',
    category: 'practice',
    extraCategory: 'infection',
    speaker: 'torres',
    company: 'molarity',
    credits: 1,
  },
  {
    title: 'Restoring Implants: Screw-Retained vs. Cement-Retained Crowns',
    blurb: 'Retrievability, esthetics and the risk of excess cement.',
    category: 'implants',
    speaker: 'okafor',
    company: 'apex',
    credits: 1,
  },
];

export type TPremiumCourseDef = TCourseDef & {
  learnworldsClassId: string;
  price: number;
  priceList: number;
  numLessons: number;
  durationHours: number;
};

export const PREMIUM_COURSES: readonly TPremiumCourseDef[] = [
  {
    title: 'Implant Dentistry Certificate Program',
    blurb:
      'A twelve-module program that takes the general dentist from case selection to the final restoration of single implants.',
    category: 'implants',
    speaker: 'okafor',
    company: 'apex',
    credits: 12,
    learnworldsClassId: 'implant-dentistry-certificate',
    price: 199,
    priceList: 349,
    numLessons: 12,
    durationHours: 12,
  },
  {
    title: 'Comprehensive Clear Aligner Therapy',
    blurb:
      'Diagnosis, staging, attachments and refinements for confident aligner treatment in general practice.',
    category: 'ortho',
    speaker: 'greene',
    company: 'clearpath',
    credits: 10,
    learnworldsClassId: 'clear-aligner-therapy',
    price: 249,
    priceList: 399,
    numLessons: 9,
    durationHours: 10,
  },
  {
    title: 'Advanced Periodontal Therapy for Hygienists',
    blurb: 'From staging and grading to adjuncts and maintenance: a complete update for the hygiene team.',
    category: 'perio',
    speaker: 'alvarez',
    company: 'perioguard',
    credits: 6,
    learnworldsClassId: 'advanced-perio-hygienists',
    price: 149,
    priceList: 249,
    numLessons: 6,
    durationHours: 6,
  },
];

/** Product training: usually no credit (03 §4 "tutorials"). */
export const TUTORIALS: readonly TCourseDef[] = [
  {
    title: 'Getting Started with the Apex Guided Surgery Kit',
    blurb: 'Unboxing, sleeve selection and drill sequence for the Apex guided kit.',
    category: 'implants',
    speaker: 'okafor',
    company: 'apex',
    credits: 0,
  },
  {
    title: 'Loading and Monitoring the Sterilux Autoclave',
    blurb: 'Correct loading, cycle selection and weekly spore testing for the Sterilux autoclave.',
    category: 'infection',
    speaker: 'whitfield',
    company: 'sterilux',
    credits: 0.5,
  },
  {
    title: 'ClearPath Portal: Submitting Your First Aligner Case',
    blurb: 'Photos, scans and prescription form in the ClearPath online portal.',
    category: 'ortho',
    speaker: 'greene',
    company: 'clearpath',
    credits: 0,
  },
  {
    title: 'Using the 3M Demo Universal Composite System',
    blurb: 'Shade selection, bonding and placement with the demo universal composite.',
    category: 'cosmetic',
    speaker: 'lindqvist',
    company: 'threeM',
    credits: 0,
  },
  {
    title: 'Molarity Scheduler: Setting Up Online Booking',
    blurb: 'Configure appointment types, provider hours and reminders in Molarity.',
    category: 'practice',
    speaker: 'becker',
    company: 'molarity',
    credits: 0,
  },
];

export type TQuestionDef = {
  category: TCategoryKey;
  question: string;
  options: [string, string, string, string];
  correct: 1 | 2 | 3 | 4;
};

/** Exam questions; each exam takes its subject's questions first, then others in turn. */
export const QUESTION_BANK: readonly TQuestionDef[] = [
  {
    category: 'implants',
    question:
      'What minimum distance is generally recommended between an implant and an adjacent natural tooth?',
    options: ['0.5 mm', '1.0 mm', '1.5 mm', '3.0 mm'],
    correct: 3,
  },
  {
    category: 'implants',
    question: 'Which finding is characteristic of peri-implantitis rather than peri-implant mucositis?',
    options: [
      'Bleeding on probing alone',
      'Plaque on the abutment',
      'Gingival redness',
      'Progressive loss of supporting bone',
    ],
    correct: 4,
  },
  {
    category: 'endo',
    question: 'Which irrigant is primarily used to dissolve organic tissue in the root canal?',
    options: ['Sodium hypochlorite', 'EDTA', 'Saline', 'Calcium hydroxide'],
    correct: 1,
  },
  {
    category: 'endo',
    question: 'A lingering response to cold that lasts more than 30 seconds most likely indicates:',
    options: ['Normal pulp', 'Reversible pulpitis', 'Symptomatic irreversible pulpitis', 'Pulp necrosis'],
    correct: 3,
  },
  {
    category: 'perio',
    question: 'In the 2017 classification, the grade of periodontitis describes:',
    options: [
      'The rate of progression',
      'The extent of attachment loss',
      'The number of teeth lost',
      'The deepest probing depth',
    ],
    correct: 1,
  },
  {
    category: 'perio',
    question: 'Which systemic condition has a well-documented two-way relationship with periodontitis?',
    options: ['Asthma', 'Migraine', 'Hypothyroidism', 'Diabetes mellitus'],
    correct: 4,
  },
  {
    category: 'ortho',
    question:
      'By what age does the American Association of Orthodontists recommend a first orthodontic screening?',
    options: ['Age 3', 'Age 5', 'Age 7', 'Age 12'],
    correct: 3,
  },
  {
    category: 'ortho',
    question: 'Which retainer type offers the best protection against relapse of lower incisor crowding?',
    options: ['Bonded lingual retainer', 'No retainer', 'Night guard', 'Headgear'],
    correct: 1,
  },
  {
    category: 'infection',
    question: 'How often does the CDC recommend biological (spore) testing of a sterilizer?',
    options: ['Daily', 'At least weekly', 'Monthly', 'Yearly'],
    correct: 2,
  },
  {
    category: 'infection',
    question: 'The EPA drinking water standard that dental treatment water should meet is no more than:',
    options: ['5 CFU/mL', '50 CFU/mL', '500 CFU/mL', '5,000 CFU/mL'],
    correct: 3,
  },
  {
    category: 'practice',
    question: 'Which measure best reflects how many diagnosed treatments patients go ahead with?',
    options: ['New patient count', 'Collection rate', 'Recall interval', 'Case acceptance rate'],
    correct: 4,
  },
  {
    category: 'practice',
    question:
      'Under HIPAA, a patient’s request for access to their records should generally be answered within:',
    options: ['24 hours', '7 days', '30 days', '1 year'],
    correct: 3,
  },
  {
    category: 'pediatric',
    question: 'Silver diamine fluoride is mainly used to:',
    options: ['Arrest active caries lesions', 'Whiten primary teeth', 'Replace sealants', 'Treat gingivitis'],
    correct: 1,
  },
  {
    category: 'pediatric',
    question: 'Which technique introduces a procedure by explaining, demonstrating and then performing it?',
    options: ['Voice control', 'Protective stabilization', 'Nitrous oxide sedation', 'Tell-show-do'],
    correct: 4,
  },
  {
    category: 'cosmetic',
    question: 'Shade selection is most reliable when performed:',
    options: [
      'After a long preparation, when teeth are dry',
      'Under the operating light only',
      'Before treatment, with teeth hydrated',
      'After bonding',
    ],
    correct: 3,
  },
  {
    category: 'cosmetic',
    question: 'The most common side effect of tooth whitening is:',
    options: ['Tooth sensitivity', 'Enamel fracture', 'Pulp necrosis', 'Root resorption'],
    correct: 1,
  },
];

export type TSponsorVideoDef = {
  company: TCompanyKey;
  headline: string;
  blurb: string;
  headlineButtons: string;
  buttonYes: string;
  buttonNo: string;
};

export const SPONSOR_VIDEOS: readonly TSponsorVideoDef[] = [
  {
    company: 'threeM',
    headline: 'Try the demo universal composite',
    blurb:
      'One shade system for most anterior and posterior restorations, with a simplified bonding protocol. Watch the two-minute overview.',
    headlineButtons: 'Would you like a free sample kit for your practice?',
    buttonYes: 'Yes, send me a free sample',
    buttonNo: 'No thanks',
  },
  {
    company: 'perioguard',
    headline: 'PerioGuard chlorhexidine chip',
    blurb:
      'A locally delivered antimicrobial for pockets of 5 mm or more, placed in seconds after scaling and root planing.',
    headlineButtons: 'May a PerioGuard representative contact you?',
    buttonYes: 'Yes, contact me',
    buttonNo: 'No thanks',
  },
];

export type TSurveyDef = {
  title: string;
  company: TCompanyKey;
  questions: {
    question: string;
    type: 'yesno' | 'single' | 'multi';
    choices: string[];
    submitLabel?: string;
  }[];
};

export const SURVEYS: readonly TSurveyDef[] = [
  {
    title: 'Restorative materials survey',
    company: 'threeM',
    questions: [
      {
        question: 'Do you place composite restorations in your practice?',
        type: 'yesno',
        choices: ['Yes', 'No'],
      },
      {
        question: 'How many composite restorations does your practice place per week?',
        type: 'single',
        choices: ['Fewer than 10', '10 to 30', '31 to 60', 'More than 60'],
      },
      {
        question: 'Which factors matter most when you choose a composite?',
        type: 'multi',
        choices: ['Esthetics', 'Handling', 'Strength', 'Price', 'Number of shades'],
        submitLabel: 'Submit',
      },
    ],
  },
  {
    title: 'Hygiene practice survey',
    company: 'perioguard',
    questions: [
      {
        question: 'Does your practice use locally delivered antimicrobials?',
        type: 'yesno',
        choices: ['Yes', 'No'],
      },
      {
        question: 'What is your usual periodontal maintenance interval?',
        type: 'single',
        choices: ['2 months', '3 months', '4 months', '6 months'],
      },
      {
        question: 'Which instruments do you use for debridement?',
        type: 'multi',
        choices: ['Hand scalers', 'Magnetostrictive ultrasonic', 'Piezo ultrasonic', 'Air polishing'],
        submitLabel: 'Submit',
      },
    ],
  },
];

export type TEpisodeDef = {
  title: string;
  speaker: TSpeakerKey;
  credits: number;
  category: TCategoryKey;
  blurb: string;
  description: string;
};
export type TShowDef = {
  title: string;
  company: TCompanyKey;
  hue: number;
  blurb: string;
  episodes: TEpisodeDef[];
};

export const PODCAST_SHOWS: readonly TShowDef[] = [
  {
    title: 'The Hygiene Hour',
    company: 'perioguard',
    hue: 150,
    blurb:
      'Conversations with hygienists and periodontists about the science and craft of the hygiene appointment.',
    episodes: [
      {
        title: 'Air Polishing Myths and Facts',
        speaker: 'lee',
        credits: 1,
        category: 'perio',
        blurb: 'What air polishing can and cannot do, and which powders suit which patients.',
        description:
          'Jennifer Lee reviews the research on glycine and erythritol powders, safety around implants and restorations, and how to fit air polishing into a one-hour appointment.',
      },
      {
        title: 'Talking to Patients About Periodontitis',
        speaker: 'alvarez',
        credits: 0.5,
        category: 'perio',
        blurb: 'Plain-language explanations that motivate patients to accept treatment.',
        description:
          'Dr. Maria Alvarez shares the phrases and visual aids she uses to explain staging and grading to patients, and how to follow up when they hesitate.',
      },
      {
        title: 'Ergonomics Check-Up',
        speaker: 'torres',
        credits: 1,
        category: 'practice',
        blurb: 'Small changes in posture and instruments that prevent big injuries.',
        description:
          'Michelle Torres discusses loupes, chair position and instrument handle design, with a five-minute stretching routine for between patients.',
      },
      {
        title: 'Behind the Scenes of a Hygiene Department',
        speaker: 'lee',
        credits: 0,
        category: 'practice',
        blurb: 'How a busy group practice organizes its hygiene schedule.',
        description:
          'An informal conversation about scheduling, assisted hygiene and team communication. This episode does not offer CE credit.',
      },
      {
        title: 'Implant Maintenance at Recall',
        speaker: 'alvarez',
        credits: 0.5,
        category: 'implants',
        blurb: 'Probing, instruments and radiographs for patients with implants.',
        description:
          'Dr. Alvarez and Jennifer Lee discuss baseline records, safe instruments and the warning signs that call for a referral.',
      },
      {
        title: 'Fluoride Beyond Childhood',
        speaker: 'torres',
        credits: 1,
        category: 'pediatric',
        blurb: 'Who benefits from professional fluoride as an adult.',
        description:
          'Michelle Torres reviews caries risk in adults, root caries in older patients and the evidence for varnish, gels and high-fluoride toothpaste.',
      },
    ],
  },
  {
    title: 'Practice Pulse',
    company: 'molarity',
    hue: 25,
    blurb: 'Short, practical episodes on running a healthy dental practice.',
    episodes: [
      {
        title: 'Five Numbers to Review Every Monday',
        speaker: 'becker',
        credits: 0.5,
        category: 'practice',
        blurb: 'A weekly dashboard any office manager can keep.',
        description:
          'Dr. Thomas Becker explains production per hour, case acceptance, recall effectiveness, collections and new patients, and what to do when each slips.',
      },
      {
        title: 'Infection Control Audits Without the Stress',
        speaker: 'whitfield',
        credits: 1,
        category: 'infection',
        blurb: 'Prepare for an inspection with a simple monthly self-audit.',
        description:
          'Karen Whitfield walks through her monthly checklist for sterilization, waterlines and PPE, and the records inspectors ask to see.',
      },
      {
        title: 'Hiring and Keeping Great Assistants',
        speaker: 'becker',
        credits: 0,
        category: 'practice',
        blurb: 'Recruiting and retention in a tight job market.',
        description:
          'A conversation about job descriptions, onboarding and career paths for dental assistants. This episode does not offer CE credit.',
      },
      {
        title: 'When to Refer an Endodontic Case',
        speaker: 'raman',
        credits: 1,
        category: 'endo',
        blurb: 'The case difficulty factors that predict trouble.',
        description:
          'Dr. Priya Raman discusses anatomy, patient factors and practice factors that should prompt a referral, and how to make referrals smooth for patients.',
      },
      {
        title: 'Aligners in General Practice: Lessons Learned',
        speaker: 'greene',
        credits: 0.5,
        category: 'ortho',
        blurb: 'What new aligner providers wish they had known.',
        description:
          'Dr. Samuel Greene shares common pitfalls in case selection and refinements, and how to set patient expectations from the start.',
      },
      {
        title: 'Making Kids Comfortable in the Chair',
        speaker: 'karimi',
        credits: 1,
        category: 'pediatric',
        blurb: 'Language and techniques for a positive first visit.',
        description:
          'Dr. Aisha Karimi explains the words to use and avoid, how to involve parents, and when to consider other behavior guidance options.',
      },
    ],
  },
];

export type TBlogDef = {
  title: string;
  author: string;
  category: TCategoryKey;
  company?: TCompanyKey;
  blurb: string;
  intro: string;
  heading: string;
  section: string;
  points: [string, string, string];
  closing: string;
};

export const BLOG_POSTS: readonly TBlogDef[] = [
  {
    title: 'Five Ways to Make the Most of Online CE',
    author: 'OpenCE Editorial Team',
    category: 'practice',
    blurb: 'Plan your credits, learn with your team and keep your certificates organized.',
    intro:
      'Online continuing education makes it easy to learn on your own schedule, but a little planning turns scattered webinars into real professional growth.',
    heading: 'Plan your year',
    section:
      'Check your state board’s requirements and your license renewal date, then pick topics that fill the gaps. Mixing live webinars with self-study courses keeps learning interactive.',
    points: [
      'Reserve live webinars early: popular ones fill up.',
      'Use Watch Later to build a personal course list.',
      'Download each certificate as soon as you complete a course.',
    ],
    closing: 'Small, regular learning sessions add up quickly, and your patients notice the difference.',
  },
  {
    title: 'What the New Periodontal Classification Means for Your Charting',
    author: 'Maria Alvarez, DDS, MS',
    category: 'perio',
    company: 'perioguard',
    blurb: 'Staging and grading change how we record findings and talk to patients.',
    intro:
      'The current classification of periodontal diseases replaced the old chronic and aggressive categories with a staging and grading system.',
    heading: 'From numbers to a diagnosis',
    section:
      'Staging describes severity and complexity; grading describes the rate of progression and risk factors such as smoking and diabetes. Your charting should capture the data both need.',
    points: [
      'Record interdental clinical attachment loss, not only probing depths.',
      'Note tooth loss due to periodontitis.',
      'Document smoking status and HbA1c when available.',
    ],
    closing:
      'A consistent diagnosis helps patients understand their condition and supports your treatment plan.',
  },
  {
    title: 'Dental Unit Waterlines: A Quick Compliance Check',
    author: 'Karen Whitfield, CDA, RDA',
    category: 'infection',
    company: 'sterilux',
    blurb: 'Are your waterlines meeting the 500 CFU/mL standard? Here is how to know.',
    intro:
      'Dental unit waterlines grow biofilm quickly, and the only way to know the water is safe is to test it regularly.',
    heading: 'Test, treat, document',
    section:
      'Follow the manufacturer’s instructions for your treatment product, test according to its schedule and keep a log. Shock treatment and retesting are needed after a failed test.',
    points: [
      'Use a waterline treatment product continuously.',
      'Test water quality with an in-office kit or a lab service.',
      'Keep test results with your infection control records.',
    ],
    closing: 'Safe water protects patients, especially those who are immunocompromised.',
  },
  {
    title: 'Is Your Practice Ready for Clear Aligners?',
    author: 'Samuel Greene, DMD, MS',
    category: 'ortho',
    company: 'clearpath',
    blurb: 'A short self-assessment before you offer aligner therapy.',
    intro: 'Clear aligners can be a rewarding addition to general practice when cases are chosen carefully.',
    heading: 'Start with simple cases',
    section:
      'Mild crowding and spacing with a good skeletal relationship are ideal first cases. Complex bites, significant rotations and growing patients deserve extra caution or a referral.',
    points: [
      'Take complete records: photos, scans and radiographs.',
      'Review every treatment plan tooth by tooth.',
      'Plan retention before treatment starts.',
    ],
    closing: 'Build confidence one case at a time and learn from each refinement.',
  },
  {
    title: 'Helping Anxious Children at Their First Visit',
    author: 'Aisha Karimi, DDS, MSD',
    category: 'pediatric',
    company: 'littleteeth',
    blurb: 'Simple language and routines that turn fear into curiosity.',
    intro: 'A child’s first dental visits shape how they feel about dental care for years to come.',
    heading: 'Words matter',
    section:
      'Replace frightening words with friendly ones, explain each step before it happens and let the child practice with a mirror or toothbrush first.',
    points: [
      'Schedule young children in the morning when they are rested.',
      'Invite parents to stay calm and positive.',
      'Praise specific good behavior.',
    ],
    closing: 'A positive first visit is the best prevention investment you can make.',
  },
  {
    title: 'Choosing Between Screw-Retained and Cement-Retained Implant Crowns',
    author: 'James Okafor, DMD, FAGD',
    category: 'implants',
    company: 'apex',
    blurb: 'Retrievability, esthetics and residual cement: how to decide.',
    intro: 'Both screw-retained and cement-retained crowns can succeed, but they carry different risks.',
    heading: 'The cement question',
    section:
      'Excess cement is a known risk factor for peri-implant disease. Screw retention avoids it entirely, while cement retention may suit implants placed at angles that would put the screw access in a visible position.',
    points: [
      'Prefer screw retention when the access hole allows it.',
      'Use custom abutments to keep margins accessible.',
      'Take a radiograph after cementation to check for excess.',
    ],
    closing: 'Whatever you choose, plan the restoration before the implant is placed.',
  },
  {
    title: 'Shade Matching Tips for Natural Anterior Composites',
    author: 'Robert Lindqvist, DDS, AAACD',
    category: 'cosmetic',
    company: 'threeM',
    blurb: 'Take the shade early, use a button test and trust your layers.',
    intro: 'Matching a single anterior tooth is one of the most demanding tasks in restorative dentistry.',
    heading: 'Before you isolate',
    section:
      'Teeth dehydrate and lighten within minutes under a rubber dam, so select the shade first. A small button of composite cured on the unetched tooth shows how the material will really look.',
    points: [
      'Use natural daylight or a color-corrected light.',
      'Photograph shade tabs next to the tooth.',
      'Layer dentin and enamel shades for depth.',
    ],
    closing: 'With practice, invisible composite restorations become routine.',
  },
  {
    title: 'Reducing No-Shows Without Upsetting Patients',
    author: 'Thomas Becker, DDS, MBA',
    category: 'practice',
    company: 'molarity',
    blurb: 'Clear policies and friendly reminders keep the schedule full.',
    intro: 'Every missed appointment costs the practice time and the patient care they need.',
    heading: 'Make it easy to keep the appointment',
    section:
      'Confirm appointments by the patient’s preferred channel, offer easy rescheduling and explain why the time matters. A short, written policy applied consistently prevents misunderstandings.',
    points: [
      'Send reminders two days and two hours before.',
      'Keep a short-notice list to fill gaps.',
      'Track no-show rates by appointment type.',
    ],
    closing: 'Most patients want to keep their appointments; good systems help them do it.',
  },
  {
    title: 'Endodontic Irrigation: Getting the Most from Sodium Hypochlorite',
    author: 'Priya Raman, DDS, MS',
    category: 'endo',
    company: 'brightsmile',
    blurb: 'Concentration, volume, time and activation all matter.',
    intro: 'Instruments shape the canal, but irrigants do most of the disinfecting.',
    heading: 'Safety first',
    section:
      'Use side-vented needles, keep the needle loose in the canal and never force irrigant. Activation improves penetration into lateral canals and isthmuses.',
    points: [
      'Replenish irrigant frequently during shaping.',
      'Use EDTA to remove the smear layer.',
      'Dry canals thoroughly before obturation.',
    ],
    closing: 'Good irrigation habits are among the simplest ways to improve endodontic success.',
  },
  {
    title: 'Ergonomics: Protect Your Career One Appointment at a Time',
    author: 'Michelle Torres, RDH, MPH',
    category: 'practice',
    blurb: 'Neck, back and hand pain are common among clinicians, but not inevitable.',
    intro:
      'Musculoskeletal pain is one of the main reasons clinicians reduce their hours or leave practice early.',
    heading: 'Set up before you sit down',
    section:
      'Adjust the patient chair first, then your stool, then the light. Loupes with the right declination angle keep your head upright instead of bent forward.',
    points: [
      'Keep elbows close to the body.',
      'Alternate instrument grips and handle sizes.',
      'Stretch for a minute between patients.',
    ],
    closing:
      'Listen to the episode of The Hygiene Hour on ergonomics for a stretching routine you can start today.',
  },
  {
    title: 'Silver Diamine Fluoride: Answers to Parents’ Questions',
    author: 'Aisha Karimi, DDS, MSD',
    category: 'pediatric',
    blurb: 'How to explain black staining, safety and follow-up.',
    intro:
      'Silver diamine fluoride can arrest cavities without drilling, but parents often have questions about the dark stain it leaves.',
    heading: 'Consent and expectations',
    section:
      'Show photographs of treated teeth, explain that the stain means the lesion has stopped progressing and describe the follow-up schedule. Written consent should mention staining.',
    points: [
      'Apply to cavitated lesions only.',
      'Reapply as recommended at recall visits.',
      'Restore teeth later if needed for esthetics.',
    ],
    closing: 'For many young children, SDF is a gentle first step that avoids sedation.',
  },
  {
    title: 'How We Build a Course: From Idea to Certificate',
    author: 'OpenCE Editorial Team',
    category: 'practice',
    blurb: 'A look behind the scenes at planning, review and accreditation.',
    intro:
      'Every course on this site follows the same path from a learning need to a certificate you can trust.',
    heading: 'Independent content',
    section:
      'Presenters disclose relationships with industry, and commercial supporters never control content. Sponsor messages stay outside the lesson.',
    points: [
      'Learning objectives are set before the course is built.',
      'Each course has an evaluation and an exam.',
      'Courses are reviewed and given an expiry date.',
    ],
    closing: 'We welcome topic suggestions: use the evaluation form at the end of any course.',
  },
];

export type TDrilldownDef = { title: string; author: string; blurb: string; description: string };

export const DRILLDOWNS: readonly TDrilldownDef[] = [
  {
    title: 'Rubber Dam Placement in Under a Minute',
    author: 'Jennifer Lee, RDH, BS',
    blurb: 'A fast, reliable technique for single-tooth isolation.',
    description:
      'Watch a step-by-step demonstration of clamp selection, winged placement and inversion, with tips for difficult contacts.',
  },
  {
    title: 'Loading an Autoclave the Right Way',
    author: 'Karen Whitfield, CDA, RDA',
    blurb: 'Pouches, cassettes and spacing for effective sterilization.',
    description:
      'Overloading and stacking pouches are among the most common causes of failed sterilization. This short video shows correct loading for a tabletop autoclave.',
  },
  {
    title: 'Taking a Perfect Intraoral Scan',
    author: 'Samuel Greene, DMD, MS',
    blurb: 'Scanning paths that capture every surface the first time.',
    description:
      'A demonstration of a reliable scanning sequence for full arches, including tips for retraction and moisture control.',
  },
  {
    title: 'Applying Silver Diamine Fluoride',
    author: 'Aisha Karimi, DDS, MSD',
    blurb: 'Isolation, application and protecting soft tissues.',
    description:
      'See the complete application sequence on a primary molar, from isolation to post-operative instructions for parents.',
  },
  {
    title: 'Probing Around Implants',
    author: 'Maria Alvarez, DDS, MS',
    blurb: 'Gentle, consistent probing to monitor peri-implant health.',
    description: 'A short demonstration of probe angulation, force and charting for implant recall visits.',
  },
  {
    title: 'Finishing and Polishing Class V Composites',
    author: 'Robert Lindqvist, DDS, AAACD',
    blurb: 'Discs, points and pastes for a smooth cervical margin.',
    description:
      'See a complete finishing and polishing sequence for cervical composite restorations with minimal tissue trauma.',
  },
  {
    title: 'Glide Path Preparation Before Rotary Files',
    author: 'Priya Raman, DDS, MS',
    blurb: 'Why a reproducible glide path prevents file separation.',
    description: 'A demonstration of manual and mechanical glide path preparation in a curved molar canal.',
  },
  {
    title: 'A Two-Minute Chairside Stretch Routine',
    author: 'Michelle Torres, RDH, MPH',
    blurb: 'Stretches for neck, shoulders and hands between patients.',
    description:
      'Follow along with four simple stretches designed for clinicians, which can be done in scrubs without leaving the operatory.',
  },
];

export type TBannerAdDef = { title: string; company: TCompanyKey; url: string };
export type TMobileAdDef = TBannerAdDef & {
  /** 1 image, or 4 widths of the same picture for different screens (01 §3). */
  imageCount: 1 | 4;
  buttonText: string;
  blurb: string;
  confirmationTitle: string;
  confirmationMessage: string;
};

export const BANNER_ADS: readonly TBannerAdDef[] = [
  {
    title: 'Apex guided surgery: plan it, place it',
    company: 'apex',
    url: 'https://apex-implants.example.com/guided',
  },
  {
    title: 'Sterilux: sterilization you can document',
    company: 'sterilux',
    url: 'https://sterilux.example.com/autoclaves',
  },
];

export const MOBILE_ADS: readonly TMobileAdDef[] = [
  {
    title: 'Free composite sample kit',
    company: 'threeM',
    url: 'https://3m-oral-care.example.com/sample',
    imageCount: 4,
    buttonText: 'Request a sample',
    blurb:
      'Enter your e-mail and we will send a free sample kit of the demo universal composite to your practice.',
    confirmationTitle: 'Thank you!',
    confirmationMessage:
      'Your request has been sent. A representative will contact you to confirm your shipping address.',
  },
  {
    title: 'ClearPath starter offer',
    company: 'clearpath',
    url: 'https://clearpath.example.com/start',
    imageCount: 4,
    buttonText: 'Get the offer',
    blurb: 'New ClearPath providers receive case planning support for their first five cases.',
    confirmationTitle: 'Request received',
    confirmationMessage: 'A ClearPath clinical advisor will e-mail you within two business days.',
  },
  {
    title: 'Molarity: online booking in a day',
    company: 'molarity',
    url: 'https://molarity.example.com/demo',
    imageCount: 1,
    buttonText: 'Book a demo',
    blurb: 'See how online booking and automated reminders can reduce no-shows in your practice.',
    confirmationTitle: 'Thanks for your interest',
    confirmationMessage: 'We will e-mail you a link to schedule a personal demo.',
  },
];

export type TEbookDef = {
  title: string;
  subtitle: string;
  company: TCompanyKey;
  hue: number;
  blurb: string;
  /** null: the UI's default label ('Get eBook'). */
  buttonText: string | null;
  lines: string[];
};

export const EBOOKS: readonly TEbookDef[] = [
  {
    title: 'The Infection Control Handbook',
    subtitle: 'Checklists for every area of the dental office',
    company: 'sterilux',
    hue: 175,
    blurb: 'Printable daily, weekly and monthly checklists based on current CDC recommendations.',
    buttonText: null,
    lines: [
      'This handbook collects the routines that keep patients and the dental team safe.',
      'Daily: flush waterlines, clean and disinfect clinical contact surfaces, process instruments, review PPE supplies.',
      'Weekly: biological monitoring of each sterilizer, review of the sterilization log, check of eyewash stations.',
      'Monthly: waterline testing as directed by the product manufacturer, review of the sharps container supply, team spot-check of hand hygiene.',
      'Yearly: bloodborne pathogens training, review of the exposure control plan, update of the safety data sheet inventory.',
    ],
  },
  {
    title: 'A Practical Guide to Implant Maintenance',
    subtitle: 'For hygienists and general dentists',
    company: 'apex',
    hue: 205,
    blurb: 'Baseline records, recall intervals and instruments that are safe for implant surfaces.',
    buttonText: 'Download the guide',
    lines: [
      'Implants need lifelong maintenance, and the hygiene team is the first line of defence against peri-implant disease.',
      'Record a baseline radiograph and probing depths at the time the final restoration is delivered.',
      'Use instruments designed for implant surfaces and avoid scratching titanium abutments.',
      'Review home care at every visit: interdental brushes, water flossers and floss threaders all have a place.',
      'Refer when bleeding is accompanied by suppuration or progressive bone loss.',
    ],
  },
  {
    title: 'Clear Aligner Case Selection',
    subtitle: 'A visual guide for general dentists',
    company: 'clearpath',
    hue: 265,
    blurb: 'Photographs and criteria to help you choose predictable first cases.',
    buttonText: null,
    lines: [
      'Good first cases have mild to moderate crowding or spacing and a Class I skeletal relationship.',
      'Be cautious with large rotations of rounded teeth, extrusions and significant open bites.',
      'Always complete a periodontal assessment before tooth movement.',
      'Plan retention from the start and explain it to the patient before treatment begins.',
    ],
  },
  {
    title: 'Talking to Parents About Prevention',
    subtitle: 'Scripts and handouts for the pediatric visit',
    company: 'littleteeth',
    hue: 45,
    blurb: 'Friendly, evidence-based words for diet, fluoride and brushing conversations.',
    buttonText: 'Get the scripts',
    lines: [
      'Parents want practical advice they can use tonight.',
      'Brushing: a smear of fluoride toothpaste under age three, a pea-sized amount from three to six.',
      'Diet: limit sugary drinks between meals and avoid bottles in bed.',
      'Visits: a first dental visit by the first birthday and regular check-ups after that.',
    ],
  },
  {
    title: 'The Dental Office KPI Workbook',
    subtitle: 'Track what matters, week by week',
    company: 'molarity',
    hue: 25,
    blurb: 'Worksheets for production, case acceptance, recall and collections.',
    buttonText: null,
    lines: [
      'What gets measured gets improved: choose a few key numbers and review them every week.',
      'Production per hour tells you how well the schedule is used.',
      'Case acceptance shows how well treatment is explained and financed.',
      'Recall effectiveness measures how many patients return when they should.',
      'Collections as a percentage of production reveals billing problems early.',
    ],
  },
];
