import type { PageContent } from "../schemas";

/** Nine client testimonials for the home page's three scrolling columns. */
export const testimonials: PageContent["testimonials"] = {
  testimonials: [
    {
      text: "Their structural scheme saved us a full storey of transfer beams. Clear drawings, quick answers to the contractor, and no surprises on site.",
      name: "James Holloway",
      role: "Development Director",
      organisation: "Northbank Homes",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "After the floods they had engineers in the district within a week. The safe-to-occupy assessments let 400 families go home sooner.",
      name: "Amina Diallo",
      role: "Programme Manager",
      organisation: "international relief NGO",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "They treated our small warehouse extension with the same care as a landmark project. Building control approved the calculations first time.",
      name: "Priya Raman",
      role: "Operations Director",
      organisation: "Raman Logistics",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "Practical engineers who listen. The school designs work with the materials and skills we actually have, and they trained our builders too.",
      name: "Joseph Banda",
      role: "District Education Engineer",
      organisation: "Malawi",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "A genuinely collaborative consultant. They challenged our brief in the right places and found embodied-carbon savings we had not considered.",
      name: "Eleanor Price",
      role: "Associate Architect",
      organisation: "Price & Lowe Architects",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "Their risk assessment gave our board a clear picture of seismic exposure across twelve facilities and a phased plan we could fund.",
      name: "Dr. Farid Haidari",
      role: "Infrastructure Lead",
      organisation: "regional health authority",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "Fast, thorough and easy to work with. The retrofit appraisal turned a tired office block into a viable residential conversion.",
      name: "Michael Turner",
      role: "Asset Manager",
      organisation: "Crestline Property",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "They combine field experience with proper engineering. Our shelter programme was better, cheaper and safer for their involvement.",
      name: "Grace Wanjiru",
      role: "Shelter Cluster Coordinator",
      organisation: "",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "From the first free consultation to completion, communication was excellent. We will use them again on our next phase.",
      name: "Oliver Bennett",
      role: "Managing Director",
      organisation: "Bennett Construction",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
  ],
};
