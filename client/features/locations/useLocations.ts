import { useQuery } from '@tanstack/react-query';
import { BuildingList, RoomList } from '../../../shared/schemas/buildings';
import { HierarchyResponse } from '../../../shared/schemas/locations';
import { apiGet, qs } from '../../app/api';

export const useBuildings = () => useQuery({ queryKey: ['buildings'], queryFn: () => apiGet('/buildings/', BuildingList) });

export const useRooms = (buildingId: number | null) =>
  useQuery({ queryKey: ['rooms', buildingId], queryFn: () => apiGet(`/rooms/${qs({ building_id: buildingId })}`, RoomList), enabled: buildingId !== null });

export const useHierarchy = (f: { building_id: number | null; room_id: number | null }) =>
  useQuery({ queryKey: ['locations', 'hierarchy', f], queryFn: () => apiGet(`/locations/hierarchy${qs(f)}`, HierarchyResponse) });
