import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PublicFrame } from '../../components/public-frame';
import { SignupForm } from './signup-form';

export function SignupPage() {
  return (
    <PublicFrame title="Create your account" subtitle="Order your first edit in a few minutes.">
      <SignupForm />
      <Text fz="sm" ta="center" mt="lg">
        Already have an account?{' '}
        <Anchor component={Link} to="/login" fw={600}>
          Log in
        </Anchor>
      </Text>
      <Text fz="xs" c="dimmed" ta="center" mt="sm">
        By creating an account you agree to our{' '}
        <Anchor component={Link} to="/privacy-policy" fz="xs">
          privacy policy
        </Anchor>
        .
      </Text>
    </PublicFrame>
  );
}
