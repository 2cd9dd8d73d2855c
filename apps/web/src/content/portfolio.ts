// Shop owners: edit this file to change the content of the portfolio page.

export interface EducationEntry {
  degree: string;
  institution: string;
  passingYear: number;
}

export interface SkillGroup {
  title: string;
  items: string[];
}

export interface ProjectLink {
  title: string;
  url: string;
  description: string;
}

export interface Portfolio {
  name: string;
  title: string;
  email: string;
  /** short contact line shown under the header, e.g. location and phone */
  contactLine: string;
  avatar: string;
  summary: string;
  education: EducationEntry[];
  skillGroups: SkillGroup[];
  projects: ProjectLink[];
}

export const portfolio: Portfolio = {
  name: 'Alex Morgan',
  title: 'Junior Web Developer',
  email: 'alex.morgan@toolshop.example',
  contactLine: 'Dhaka, Bangladesh · +880 1700-000000',
  avatar: '/images/portfolio/avatar.svg',
  summary:
    'Junior web developer who builds fast, accessible web apps with React, TypeScript and Node.js. I run Toolshop and enjoy turning real business needs into clean, maintainable code.',
  education: [
    {
      degree: 'Secondary School Certificate (SSC), Science',
      institution: 'Greenfield High School, Dhaka',
      passingYear: 2016,
    },
    {
      degree: 'Higher Secondary Certificate (HSC), Science',
      institution: 'Riverside College, Dhaka',
      passingYear: 2018,
    },
    {
      degree: 'BSc in Computer Science and Engineering',
      institution: 'Northbridge University of Science and Technology',
      passingYear: 2023,
    },
  ],
  skillGroups: [
    {
      title: 'Front-end',
      items: ['HTML5', 'CSS3', 'Tailwind CSS', 'React', 'React Router', 'Vite'],
    },
    {
      title: 'Back-end',
      items: ['Node.js', 'Express', 'PostgreSQL', 'MongoDB', 'REST APIs'],
    },
    {
      title: 'CMS',
      items: ['WordPress', 'WooCommerce', 'Elementor'],
    },
    {
      title: 'Programming languages',
      items: ['JavaScript', 'TypeScript', 'Python', 'C'],
    },
    {
      title: 'Office tools',
      items: ['Microsoft Word', 'Microsoft Excel', 'Microsoft PowerPoint', 'Google Docs', 'Google Sheets'],
    },
  ],
  projects: [
    {
      title: 'Toolshop',
      url: 'https://github.com/alex-morgan-dev/toolshop',
      description:
        'An online wholesale shop for computer repair tools with product listings, orders and an admin dashboard.',
    },
    {
      title: 'Repair Ticket Tracker',
      url: 'https://github.com/alex-morgan-dev/repair-ticket-tracker',
      description:
        'A small web app for repair shops to log incoming devices, track repair status and notify customers.',
    },
    {
      title: 'Parts Inventory API',
      url: 'https://github.com/alex-morgan-dev/parts-inventory-api',
      description:
        'A REST API built with Express and PostgreSQL for tracking spare parts, stock levels and suppliers.',
    },
  ],
};
