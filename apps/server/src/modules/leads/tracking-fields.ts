/** The campaign a lead came from, as the landing form and the lead API both send it (snake_case). */
export interface TrackingBody {
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  utm_term?: string | null;
  utm_content?: string | null;
  gclid?: string | null;
  fbclid?: string | null;
}

/** The lead's tracking fields (UTMs and ad click ids) from a request body, as captureLead takes them. */
export function trackingFields(body: TrackingBody) {
  return {
    utmSource: body.utm_source,
    utmMedium: body.utm_medium,
    utmCampaign: body.utm_campaign,
    utmTerm: body.utm_term,
    utmContent: body.utm_content,
    gclid: body.gclid,
    fbclid: body.fbclid,
  };
}
