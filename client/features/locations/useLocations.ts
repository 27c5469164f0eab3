import { useQuery } from '@tanstack/react-query';
import type { Building, Room } from '../../../shared/schemas/buildings';
import type { HierarchyRack } from '../../../shared/schemas/locations';
import { api, qs } from '../../app/api';

export const useBuildings = () => useQuery({ queryKey: ['buildings'], queryFn: () => api.get<Building[]>('/buildings/') });

export const useRooms = (buildingId: number | null) =>
  useQuery({ queryKey: ['rooms', buildingId], queryFn: () => api.get<Room[]>(`/rooms/${qs({ building_id: buildingId })}`), enabled: buildingId !== null });

export const useHierarchy = (f: { building_id: number | null; room_id: number | null }) =>
  useQuery({ queryKey: ['locations', 'hierarchy', f], queryFn: () => api.get<HierarchyRack[]>(`/locations/hierarchy${qs(f)}`) });
