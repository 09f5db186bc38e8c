/** profile/personal: the Personal Information section (the identity issue builds the form). */
export function PersonalProfileRoute() {
  return <h2>Personal Information</h2>;
}
