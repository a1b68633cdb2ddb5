import type { Rng } from './prng.ts';

const WORDS =
  `the of and to in is that for it as was with be by on not he this are or his from at which
but have an they you were her all she there would their we him been has when who will more no if out so
said what up its about into than them can only other new some could time these two may then do first any
my now such like our over man me even most made after also did many before must through back years where
much your way well down should because each just those people how too little state good very make world
still own see men work long get here between both life being under never day same another know while last
might us great old year off come since against go came right used take three order report account market
paper office letter number delivery service company customer payment amount balance contract project
meeting review schedule quality budget team support product invoice request address change building
summer winter morning evening river garden window kitchen station history science method results study
model sample measure process value system figure table section chapter question answer reason example`
    .split(/\s+/)
    .filter(Boolean);

const FIRST = [
  'Anna',
  'James',
  'Maria',
  'Robert',
  'Linda',
  'Thomas',
  'Sarah',
  'Daniel',
  'Laura',
  'Peter',
  'Helen',
  'Martin',
  'Julia',
  'George',
  'Emma',
  'Victor',
  'Clara',
  'Oliver',
  'Nora',
  'Samuel',
];
const LAST = [
  'Miller',
  'Fischer',
  'Garcia',
  'Brown',
  'Novak',
  'Johnson',
  'Weber',
  'Clarke',
  'Lopez',
  'Hughes',
  'Becker',
  'Foster',
  'Morgan',
  'Turner',
  'Bennett',
  'Walsh',
  'Porter',
  'Hayes',
];
const STREETS = [
  'Oak Street',
  'Mill Road',
  'Park Avenue',
  'High Street',
  'River Lane',
  'Station Road',
  'Church Street',
  'Maple Drive',
  'Kings Way',
  'Harbour View',
];
const CITIES = [
  'Springfield',
  'Riverton',
  'Lakewood',
  'Fairview',
  'Greenville',
  'Ashford',
  'Kingston',
  'Milton',
  'Bristol',
  'Clayton',
];
const COMPANIES = [
  'Northwind',
  'Bluepeak',
  'Greenfield',
  'Silverline',
  'Redwood',
  'Brightstone',
  'Oakridge',
  'Clearwater',
  'Ironbridge',
  'Sunvale',
];
const SUFFIX = ['Ltd', 'Inc', 'Supplies', 'Consulting', 'Trading', 'Services', 'Group'];
const ITEMS = [
  'Paper A4 500 sheets',
  'Printer toner',
  'Office chair',
  'Desk lamp',
  'USB cable',
  'Notebook pack',
  'Stapler',
  'Consulting hours',
  'Delivery fee',
  'Coffee beans',
  'Whiteboard',
  'Ink cartridge',
  'Monitor stand',
  'Cleaning service',
  'Software licence',
  'Envelopes C5',
];
const GROCERIES = [
  'MILK 1L',
  'BREAD',
  'APPLES',
  'COFFEE',
  'BUTTER',
  'EGGS 12',
  'CHEESE',
  'RICE 1KG',
  'PASTA',
  'TOMATOES',
  'ORANGE JUICE',
  'YOGURT',
  'BANANAS',
  'TEA BAGS',
  'SOAP',
  'WATER 6X',
];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Random, deterministic text pieces for the synthetic pages. */
export class TextSource {
  constructor(private readonly rng: Rng) {}

  word(): string {
    return this.rng.pick(WORDS);
  }

  sentence(min = 6, max = 14): string {
    const n = this.rng.int(min, max);
    const words: string[] = [];
    for (let i = 0; i < n; i++) words.push(this.word());
    const s = words.join(' ');
    return s.charAt(0).toUpperCase() + s.slice(1) + (this.rng.bool(0.15) ? ',' : '.');
  }

  paragraph(sentences: number): string {
    const parts: string[] = [];
    for (let i = 0; i < sentences; i++) parts.push(this.sentence());
    return parts.join(' ').replace(/,$/, '.');
  }

  title(words = 4): string {
    const list: string[] = [];
    for (let i = 0; i < words; i++) {
      const w = this.word();
      list.push(w.charAt(0).toUpperCase() + w.slice(1));
    }
    return list.join(' ');
  }

  person(): string {
    return `${this.rng.pick(FIRST)} ${this.rng.pick(LAST)}`;
  }

  company(): string {
    return `${this.rng.pick(COMPANIES)} ${this.rng.pick(SUFFIX)}`;
  }

  companyWord(): string {
    return this.rng.pick(COMPANIES);
  }

  street(): string {
    return `${this.rng.int(1, 240)} ${this.rng.pick(STREETS)}`;
  }

  city(): string {
    return `${this.rng.int(10000, 99999)} ${this.rng.pick(CITIES)}`;
  }

  date(): string {
    return `${this.rng.int(1, 28)} ${this.rng.pick(MONTHS)} ${this.rng.int(2019, 2026)}`;
  }

  item(): string {
    return this.rng.pick(ITEMS);
  }

  grocery(): string {
    return this.rng.pick(GROCERIES);
  }

  money(lo: number, hi: number): number {
    return Math.round(this.rng.range(lo, hi) * 100) / 100;
  }
}

export function formatMoney(value: number): string {
  return value.toFixed(2);
}
