/** The requested schemas the demo server sends: together they cover every kind the spec allows. */

/** Every field kind of the 2025-11-25 `requestedSchema` subset, with defaults, limits and formats. */
export const PROFILE_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', description: 'As it should appear on your badge', minLength: 2, maxLength: 40, default: 'Ada Lovelace' },
    email: { type: 'string', title: 'Email', description: 'Where we send the confirmation', format: 'email' },
    website: { type: 'string', title: 'Website', format: 'uri' },
    birthday: { type: 'string', title: 'Birthday', format: 'date' },
    meetingAt: { type: 'string', title: 'Meeting time', format: 'date-time' },
    age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150, default: 36 },
    rating: { type: 'number', title: 'Rating', description: 'From 0 to 5, halves allowed', minimum: 0, maximum: 5, default: 4.5 },
    newsletter: { type: 'boolean', title: 'Subscribe to the newsletter', default: false },
    plan: { type: 'string', title: 'Plan', enum: ['free', 'pro', 'team'], default: 'free' },
    region: {
      type: 'string',
      title: 'Region',
      description: 'Legacy enum with enumNames',
      enum: ['eu', 'us', 'ap'],
      enumNames: ['Europe', 'United States', 'Asia Pacific'],
    },
    color: {
      type: 'string',
      title: 'Badge color',
      oneOf: [
        { const: '#e11d48', title: 'Red' },
        { const: '#16a34a', title: 'Green' },
        { const: '#2563eb', title: 'Blue' },
      ],
      default: '#16a34a',
    },
    languages: {
      type: 'array',
      title: 'Languages',
      description: 'Pick one or two',
      minItems: 1,
      maxItems: 2,
      items: { type: 'string', enum: ['TypeScript', 'Python', 'Rust', 'Go'] },
      default: ['TypeScript'],
    },
    sessions: {
      type: 'array',
      title: 'Workshops',
      maxItems: 2,
      items: {
        anyOf: [
          { const: 'ws-forms', title: 'Forms that validate' },
          { const: 'ws-url', title: 'URL-mode flows' },
          { const: 'ws-mrtr', title: 'Multi-round requests' },
        ],
      },
    },
  },
  required: ['name', 'email', 'plan'],
} as const;

export const TRIP_DESTINATION_SCHEMA = {
  type: 'object',
  properties: {
    destination: { type: 'string', title: 'Destination', enum: ['Lisbon', 'Kyoto', 'Montreal'], default: 'Lisbon' },
    departure: { type: 'string', title: 'Departure date', format: 'date' },
    travellers: { type: 'integer', title: 'Travellers', minimum: 1, maximum: 6, default: 1 },
  },
  required: ['destination', 'departure'],
} as const;

export const TRIP_SEAT_SCHEMA = {
  type: 'object',
  properties: {
    seat: {
      type: 'string',
      title: 'Seat',
      oneOf: [
        { const: 'window', title: 'Window' },
        { const: 'aisle', title: 'Aisle' },
      ],
    },
    meal: { type: 'boolean', title: 'Add a meal', default: true },
  },
  required: ['seat'],
} as const;

/** Not allowed by the spec: `address` is a nested object. */
export const NESTED_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    address: {
      type: 'object',
      title: 'Address',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
} as const;

export const CONFIRM_SCHEMA = {
  type: 'object',
  properties: { confirm: { type: 'boolean', title: 'Go ahead', default: true } },
  required: ['confirm'],
} as const;
