/** Demo catalogue, shop reviews and product reviews written into an empty database on first start. */
export interface SeedTool {
  name: string;
  /** integer US cents */
  priceCents: number;
  img: string;
  /** Its other photos, after `img` (decision 058). */
  gallery?: string[];
  description: string;
  minimumOrder: number;
  availableQuantity: number;
  /** The slug of its category (migration 0021 writes the categories into every database). */
  category: string;
}
export interface SeedReview {
  name: string;
  /** 1 to 5 */
  ratings: number;
  description: string;
}
/** A demo review of one tool (decision 057): no account wrote it, so it is no verified purchase. */
export interface SeedProductReview {
  /** The name of the reviewed tool in `seedTools`. */
  tool: string;
  name: string;
  /** 1 to 5 */
  rating: number;
  body: string;
  /** How many buyers found it helpful. */
  helpful: number;
}

export const seedTools: SeedTool[] = [
  {
    name: '64-in-1 Precision Screwdriver Set',
    priceCents: 1899,
    img: '/images/tools/precision-screwdriver-set.svg',
    gallery: [
      '/images/tools/precision-screwdriver-set-bits.svg',
      '/images/tools/precision-screwdriver-set-handle.svg',
    ],
    description:
      '64 S2 steel bits (Phillips, Torx, Pentalobe, Tri-wing, hex and more) in a magnetic case with an aluminium handle and extension rod. Covers phones, laptops and game consoles.',
    minimumOrder: 10,
    availableQuantity: 2400,
    category: 'screwdrivers-and-bits',
  },
  {
    name: 'True-RMS Auto-Ranging Digital Multimeter',
    priceCents: 4999,
    img: '/images/tools/digital-multimeter.svg',
    gallery: ['/images/tools/digital-multimeter-leads.svg', '/images/tools/digital-multimeter-side.svg'],
    description:
      '6000-count backlit meter with continuity buzzer, diode, capacitance and temperature modes. CAT III 600 V rated and supplied with silicone test leads.',
    minimumOrder: 5,
    availableQuantity: 650,
    category: 'meters-and-testers',
  },
  {
    name: '60W Digital Soldering Station',
    priceCents: 12900,
    img: '/images/tools/soldering-station.svg',
    gallery: ['/images/tools/soldering-station-iron.svg', '/images/tools/soldering-station-tips.svg'],
    description:
      'Ceramic-heater station with 200-480 °C digital control, sleep mode and calibration offset. Includes iron stand, sponge and brass tip cleaner and a 0.8 mm chisel tip.',
    minimumOrder: 5,
    availableQuantity: 320,
    category: 'soldering-and-rework',
  },
  {
    name: 'Anti-Static Wrist Strap',
    priceCents: 349,
    img: '/images/tools/anti-static-wrist-strap.svg',
    description:
      'Adjustable elastic band with stainless contact plate, 1 MΩ safety resistor and a 1.8 m coiled cord ending in an alligator clip for the bench ground point.',
    minimumOrder: 50,
    availableQuantity: 5000,
    category: 'esd-and-safety',
  },
  {
    name: 'Spudger & Pry Tool Kit (12-Piece)',
    priceCents: 899,
    img: '/images/tools/spudger-pry-tool-kit.svg',
    gallery: [
      '/images/tools/spudger-pry-tool-kit-picks.svg',
      '/images/tools/spudger-pry-tool-kit-in-use.svg',
    ],
    description:
      'Two nylon spudgers, six thin opening picks, a triangle pry tool and a flat opening tool. Non-marring and non-conductive for battery, display and connector work.',
    minimumOrder: 20,
    availableQuantity: 3200,
    category: 'opening-tools',
  },
  {
    name: '700W Hot Air Rework Station',
    priceCents: 8999,
    img: '/images/tools/hot-air-rework-station.svg',
    description:
      'Closed-loop 100-480 °C control with adjustable airflow and automatic cool-down when the handle is docked. Ships with three nozzles for QFN, SOIC and shield removal.',
    minimumOrder: 5,
    availableQuantity: 240,
    category: 'soldering-and-rework',
  },
  {
    name: 'High-Performance Thermal Paste (4 g Syringe)',
    priceCents: 299,
    img: '/images/tools/thermal-paste.svg',
    description:
      'Non-conductive, non-curing compound rated at 8.5 W/mK for CPU and GPU repastes on laptops and consoles. One syringe covers 8 to 12 applications.',
    minimumOrder: 50,
    availableQuantity: 4800,
    category: 'cleaning-and-consumables',
  },
  {
    name: 'ESD-Safe Precision Tweezers Set (5-Piece)',
    priceCents: 1299,
    img: '/images/tools/esd-safe-tweezers-set.svg',
    description:
      'Anti-magnetic stainless tweezers with dissipative grips: straight fine, curved, blunt, angled and reverse-action tips for SMD parts, flex cables and tiny screws.',
    minimumOrder: 10,
    availableQuantity: 1500,
    category: 'esd-and-safety',
  },
  {
    name: 'Suction Cup Screen Opener',
    priceCents: 399,
    img: '/images/tools/suction-cup-screen-opener.svg',
    description:
      'Strong suction cup with a steel pull ring for lifting phone and tablet screens once the adhesive is heated. The soft rim grips cracked glass and leaves no marks.',
    minimumOrder: 25,
    availableQuantity: 3600,
    category: 'opening-tools',
  },
  {
    name: 'USB-C Power Meter & PD Tester',
    priceCents: 1999,
    img: '/images/tools/usb-c-power-meter.svg',
    description:
      'Inline tester showing voltage, current, power, mAh and Wh on a colour LCD. Detects PD and QC fast-charge up to 20 V / 5 A to diagnose cables, chargers and charging ports.',
    minimumOrder: 10,
    availableQuantity: 1100,
    category: 'meters-and-testers',
  },
  {
    name: 'RJ45 / RJ11 Network Cable Tester',
    priceCents: 1499,
    img: '/images/tools/network-cable-tester.svg',
    description:
      'Checks patch and wall cables for opens, shorts, crossed and split pairs with sequential LEDs on the main and detachable remote unit. Runs on one 9 V battery.',
    minimumOrder: 10,
    availableQuantity: 900,
    category: 'meters-and-testers',
  },
  {
    name: 'Magnetic Project Mat',
    priceCents: 1599,
    img: '/images/tools/magnetic-project-mat.svg',
    description:
      'Magnetic 25 x 20 cm write-on mat with a gridded, sectioned surface that keeps screws in teardown order. Label each step with a dry-erase marker and wipe clean.',
    minimumOrder: 10,
    availableQuantity: 1800,
    category: 'screwdrivers-and-bits',
  },
];

export const seedReviews: SeedReview[] = [
  {
    name: 'Maria Gonzalez',
    ratings: 5,
    description:
      "Every bench in our shop has the 64-in-1 driver set now. The bits fit snugly and the Pentalobe ones haven't stripped after months of iPhone battery swaps.",
  },
  {
    name: 'David Chen',
    ratings: 5,
    description:
      'The soldering station heats up in under 30 seconds and holds temperature well on big ground planes. We replaced two older units with it.',
  },
  {
    name: 'Aisha Patel',
    ratings: 4,
    description:
      'The thermal paste performs like the big brands on laptop repastes; temps dropped 10 to 15 degrees on most machines. The syringe could hold a bit more.',
  },
  {
    name: "Tom O'Brien",
    ratings: 5,
    description:
      'Ordering in bulk for our three locations is easy and shipping was quick. The spudger kits are a staple for our techs and we go through a lot of picks.',
  },
  {
    name: 'Lukas Schneider',
    ratings: 4,
    description:
      'Great hot air station for pulling charging ports and RF shields. The airflow knob is a little sensitive at low settings, otherwise solid.',
  },
  {
    name: 'Grace Okafor',
    ratings: 5,
    description:
      'The USB-C power meter is the first thing we plug in when a phone comes in with a charging complaint. It tells us in seconds whether it is the cable, the charger or the port.',
  },
  {
    name: 'Kenji Watanabe',
    ratings: 3,
    description:
      'Good tweezers for the price and the ESD coating holds up, but our curved pair arrived slightly misaligned. Support sent a replacement quickly.',
  },
  {
    name: 'Sophie Martin',
    ratings: 4,
    description:
      "Magnetic mats keep our console teardowns organised and screws stay put even when the mat gets bumped. I'd love a larger size option.",
  },
];

/** Listed oldest first, as the shop reviews are: the last one written is the newest. */
export const seedProductReviews: SeedProductReview[] = [
  {
    tool: '64-in-1 Precision Screwdriver Set',
    name: 'Maria Gonzalez',
    rating: 5,
    body: 'Six months of daily iPhone and Switch repairs and no bit has rounded off yet. The magnetic case keeps the set complete on a busy bench.',
    helpful: 7,
  },
  {
    tool: 'True-RMS Auto-Ranging Digital Multimeter',
    name: 'David Chen',
    rating: 5,
    body: 'Fast continuity beep and the auto-ranging settles quickly on logic board rails. The leads are thin enough for test points near the CPU.',
    helpful: 4,
  },
  {
    tool: '64-in-1 Precision Screwdriver Set',
    name: "Tom O'Brien",
    rating: 4,
    body: 'Great value for three shops. The handle could be a little longer for deep console screws, but the extension rod covers most of that.',
    helpful: 3,
  },
  {
    tool: '60W Digital Soldering Station',
    name: 'Lukas Schneider',
    rating: 4,
    body: 'Holds temperature on ground planes and the tips are easy to find. The stand could be heavier: it slides when the cable is pulled.',
    helpful: 2,
  },
  {
    tool: 'True-RMS Auto-Ranging Digital Multimeter',
    name: 'Grace Okafor',
    rating: 4,
    body: 'Accurate on the battery and charging circuits we test every day. The backlight times out a bit early for my taste.',
    helpful: 1,
  },
  {
    tool: '700W Hot Air Rework Station',
    name: 'Kenji Watanabe',
    rating: 5,
    body: 'Lifts charging ports and RF shields cleanly at low airflow. The nozzles fit snugly and the temperature readout matches our thermocouple.',
    helpful: 5,
  },
  {
    tool: '64-in-1 Precision Screwdriver Set',
    name: 'Sophie Martin',
    rating: 5,
    body: 'The Pentalobe and Tri-wing bits fit better than the ones from our old kits. We ordered a second batch for the apprentices.',
    helpful: 2,
  },
];
