/**
 * Nine client testimonials for the home page's three scrolling columns
 * (`shared/spec/public-site.md` home section 8 and section 9).
 */
export type Testimonial = { text: string; name: string; role: string };

export const testimonials: Testimonial[] = [
  {
    text: "Their structural scheme saved us a full storey of transfer beams. Clear drawings, quick answers to the contractor, and no surprises on site.",
    name: "James Holloway",
    role: "Development Director, Northbank Homes",
  },
  {
    text: "After the floods they had engineers in the district within a week. The safe-to-occupy assessments let 400 families go home sooner.",
    name: "Amina Diallo",
    role: "Programme Manager, international relief NGO",
  },
  {
    text: "They treated our small warehouse extension with the same care as a landmark project. Building control approved the calculations first time.",
    name: "Priya Raman",
    role: "Operations Director, Raman Logistics",
  },
  {
    text: "Practical engineers who listen. The school designs work with the materials and skills we actually have, and they trained our builders too.",
    name: "Joseph Banda",
    role: "District Education Engineer, Malawi",
  },
  {
    text: "A genuinely collaborative consultant. They challenged our brief in the right places and found embodied-carbon savings we had not considered.",
    name: "Eleanor Price",
    role: "Associate Architect, Price & Lowe Architects",
  },
  {
    text: "Their risk assessment gave our board a clear picture of seismic exposure across twelve facilities and a phased plan we could fund.",
    name: "Dr. Farid Haidari",
    role: "Infrastructure Lead, regional health authority",
  },
  {
    text: "Fast, thorough and easy to work with. The retrofit appraisal turned a tired office block into a viable residential conversion.",
    name: "Michael Turner",
    role: "Asset Manager, Crestline Property",
  },
  {
    text: "They combine field experience with proper engineering. Our shelter programme was better, cheaper and safer for their involvement.",
    name: "Grace Wanjiru",
    role: "Shelter Cluster Coordinator",
  },
  {
    text: "From the first free consultation to completion, communication was excellent. We will use them again on our next phase.",
    name: "Oliver Bennett",
    role: "Managing Director, Bennett Construction",
  },
];
